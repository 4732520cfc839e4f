/**
 * The address book's rules (spec sections 3, 5 and 9), used by the API (/users/adresses/…) and
 * the storefront's address form alike: one set of field rules, the spec's messages, the limit.
 * Client-safe: no server imports.
 */
import * as z from "zod";
import { TEXT_MAX, text } from "./text";
import { intIdField, optionalPhoneField, phoneField, requiredText } from "./validation";

export * from "./address-rules";
import { canonicalState } from "./address-rules";
import { ADDRESS_MESSAGES, ADDRESS_MIN } from "./address-rules";

/** A checkbox or JSON boolean: true, "true", "on", "1", "True" are true. */
export const boolLike = /* @__PURE__ */ (() =>
  z
    .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0", "True", "False", ""])])
    .transform((v) => v === true || v === "true" || v === "on" || v === "1" || v === "True"))();

const stateField = /* @__PURE__ */ (() =>
  z
    .string({ error: ADDRESS_MESSAGES.state })
    .trim()
    .min(1, ADDRESS_MESSAGES.state)
    .max(TEXT_MAX.state, ADDRESS_MESSAGES.state)
    .transform((v, c) => {
      const s = canonicalState(v);
      if (!s) {
        c.addIssue({ code: "custom", message: ADDRESS_MESSAGES.state });
        return z.NEVER;
      }
      return s;
    }))();

/** The fields a person fills in, shared by the API body and the form. */
export const addressFields = /* @__PURE__ */ (() =>
  ({
    receiver_first_name: requiredText(ADDRESS_MESSAGES.firstNameRequired, ADDRESS_MIN.name, undefined, TEXT_MAX.name),
    receiver_last_name: requiredText(ADDRESS_MESSAGES.lastNameRequired, ADDRESS_MIN.name, undefined, TEXT_MAX.name),
    receiver_phone_one: phoneField(ADDRESS_MESSAGES.phoneRequired, ADDRESS_MESSAGES.phoneInvalid),
    receiver_phone_two: optionalPhoneField(ADDRESS_MESSAGES.phoneInvalid),
    street_address: requiredText(ADDRESS_MESSAGES.street, ADDRESS_MIN.street, undefined, TEXT_MAX.street),
    city: requiredText(ADDRESS_MESSAGES.city, ADDRESS_MIN.city, undefined, TEXT_MAX.city),
    state: stateField,
    zip_code: z
      .union([text(TEXT_MAX.zip, { maxMessage: ADDRESS_MESSAGES.zip }), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    is_default: boolLike.optional(),
  }))();

const countryField = /* @__PURE__ */ (() =>
  z
    .union([text(TEXT_MAX.country), z.null()])
    .optional()
    .transform((v) => (v ? v.toUpperCase() : "NGA"))
    .refine((v) => ["NGA", "NG", "NIGERIA", "NGN"].includes(v), ADDRESS_MESSAGES.country)
    .transform(() => "NGA"))();

/** POST/PUT /users/adresses/: the form's fields plus country (always NGA) and the owner id. */
export const AddressBodySchema = /* @__PURE__ */ (() =>
  z.object({
    ...addressFields,
    country: countryField,
    user: z.union([intIdField, z.null(), z.literal("")]).optional(),
  }))();
/** PATCH /users/adresses/{id}/: any of the fields. */
export const AddressPatchSchema = /* @__PURE__ */ (() =>
  AddressBodySchema.partial())();
export type AddressBody = z.output<typeof AddressBodySchema>;

/** The storefront's address form (add and edit): the same rules as the API. */
export const AddressFormSchema = /* @__PURE__ */ (() =>
  z.object(addressFields))();

/** An address's fields as plain values, all optional: a form's defaults, a test factory's overrides. */
export interface AddressFields {
  receiver_first_name?: string;
  receiver_last_name?: string;
  receiver_phone_one?: string;
  receiver_phone_two?: string | null;
  street_address?: string;
  city?: string;
  state?: string;
  zip_code?: string | null;
  is_default?: boolean;
}

export type AddressFormValue = z.output<typeof AddressFormSchema>;

/** The API body for a form value (POST/PUT /users/adresses/). */
export function toAddressBody(v: AddressFormValue, userId: number) {
  return {
    receiver_first_name: v.receiver_first_name,
    receiver_last_name: v.receiver_last_name,
    receiver_phone_one: v.receiver_phone_one,
    receiver_phone_two: v.receiver_phone_two ?? null,
    street_address: v.street_address,
    city: v.city,
    state: v.state,
    country: "NGA",
    zip_code: v.zip_code ? v.zip_code : null,
    ...(v.is_default ? { is_default: true } : {}),
    user: userId,
  };
}
