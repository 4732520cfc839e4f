/** Addresses: rows to the API's JSON. */
import type { ApiAddress } from "./schemas";

export interface AddressRow {
  id: number;
  user_id: number;
  receiver_first_name: string;
  receiver_last_name: string;
  receiver_phone_one: string;
  receiver_phone_two: string | null;
  street_address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string | null;
  lga: string | null;
  landmark: string | null;
  is_default: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export const ADDRESS_COLUMNS = `id, user_id, receiver_first_name, receiver_last_name, receiver_phone_one, receiver_phone_two, street_address,
  city, state, country, zip_code, lga, landmark, is_default, created_at, updated_at`;

export function serializeAddress(a: AddressRow): ApiAddress {
  return {
    id: a.id,
    receiver_first_name: a.receiver_first_name,
    receiver_last_name: a.receiver_last_name,
    receiver_phone_one: a.receiver_phone_one,
    receiver_phone_two: a.receiver_phone_two,
    street_address: a.street_address,
    city: a.city,
    state: a.state,
    country: a.country,
    zip_code: a.zip_code,
    lga: a.lga,
    landmark: a.landmark,
    is_default: a.is_default,
    user: a.user_id,
    created_at: new Date(a.created_at).toISOString(),
    updated_at: new Date(a.updated_at).toISOString(),
  };
}
