/**
 * The defaults of a new address form (the address book and checkout): on the account's first
 * address, its own name (from the session) and its verified phone (GET /users/{id}/channels/,
 * the one answer that holds it). Later addresses start empty: they are often someone else's.
 */
import { firstAddressDefaults, type AddressFields } from "~/domain/addresses";
import type { ApiChannels } from "./api-types";
import type { Api, SessionUser } from "./api.server";

export async function newAddressDefaults(api: Api, user: SessionUser, addressCount: number): Promise<AddressFields> {
  if (addressCount > 0) return { is_default: false };
  const r = await api.get<ApiChannels>(`/users/${user.id}/channels/`);
  // Without the phone (the call failed), the name still helps: never fail the page for it.
  const verifiedPhone = r.ok && r.data.phone_verified ? r.data.phone : null;
  return firstAddressDefaults({ firstName: user.firstName, lastName: user.lastName, verifiedPhone });
}
