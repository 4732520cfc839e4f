/**
 * Addresses: request and response schemas and inferred answer types. The request rules are the
 * shared ones of app/domain/addresses.ts (the storefront form uses the same). No server imports.
 */
import * as z from "zod";
import { AddressBodySchema, AddressPatchSchema } from "~/domain/addresses";

export const AddressBody = AddressBodySchema;
export const AddressPatch = AddressPatchSchema;

export const AddressSchema = z.object({
  id: z.number(),
  receiver_first_name: z.string(),
  receiver_last_name: z.string(),
  receiver_phone_one: z.string(),
  receiver_phone_two: z.string().nullable(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string().nullable(),
  /** The local government area (official spelling, one of the state's), or null (older addresses). */
  lga: z.string().nullable(),
  /** A landmark or the nearest bus stop, or null. */
  landmark: z.string().nullable(),
  is_default: z.boolean(),
  user: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type ApiAddress = z.infer<typeof AddressSchema>;
