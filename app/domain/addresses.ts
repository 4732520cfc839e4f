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
import { lgaSpelling, lgaStateProblem } from "./lgas";
import { localPhone } from "./phone-rules";

export { lgaStateProblem } from "./lgas";

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

/** An address's local government area: optional (older clients send none); its official spelling. */
export const lgaField = /* @__PURE__ */ (() =>
  z
    .union([text(TEXT_MAX.lga, { maxMessage: ADDRESS_MESSAGES.lgaUnknown }), z.null()])
    .optional()
    .transform((v, c) => {
      if (!v) return null;
      const lga = lgaSpelling(v);
      if (!lga) {
        c.addIssue({ code: "custom", message: ADDRESS_MESSAGES.lgaUnknown });
        return z.NEVER;
      }
      return lga;
    }))();

/** "Opposite Mega Plaza", "Ojuelegba bus stop": optional, at most TEXT_MAX.landmark characters. */
export const landmarkField = /* @__PURE__ */ (() =>
  z
    .union([text(TEXT_MAX.landmark, { maxMessage: ADDRESS_MESSAGES.landmark }), z.null()])
    .optional()
    .transform((v) => (v ? v : null)))();

/**
 * The one cross-field rule of an address: its LGA is one of its state's. Speaks only when both are
 * valid (a bad state has its own message); runs even when other fields fail, so all messages show.
 */
export function lgaInStateCheck(v: { state?: unknown; lga?: unknown }, ctx: z.RefinementCtx) {
  // An unknown LGA (or a bad state) has its own message already.
  if (typeof v.state !== "string" || typeof v.lga !== "string" || !lgaSpelling(v.lga)) return;
  const problem = lgaStateProblem(v.state, v.lga);
  if (problem) ctx.addIssue({ code: "custom", path: ["lga"], message: problem });
}
/** superRefine's option: the check runs even when other fields are invalid. */
export const alwaysCheck = { when: () => true };

/**
 * The storefront's address forms ask every new or edited address for its LGA (riders find a
 * street by its LGA); the API keeps it optional so older clients keep working.
 */
export function lgaRequiredCheck(v: { lga?: unknown }, ctx: z.RefinementCtx) {
  if (v.lga === null || v.lga === undefined || v.lga === "") ctx.addIssue({ code: "custom", path: ["lga"], message: ADDRESS_MESSAGES.lgaRequired });
}

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
    lga: lgaField,
    landmark: landmarkField,
    is_default: boolLike.optional(),
  }))();

const countryField = /* @__PURE__ */ (() =>
  z
    .union([text(TEXT_MAX.country), z.null()])
    .optional()
    .transform((v) => (v ? v.toUpperCase() : "NGA"))
    .refine((v) => ["NGA", "NG", "NIGERIA", "NGN"].includes(v), ADDRESS_MESSAGES.country)
    .transform(() => "NGA"))();

const addressBodyShape = /* @__PURE__ */ (() =>
  ({
    ...addressFields,
    country: countryField,
    user: z.union([intIdField, z.null(), z.literal("")]).optional(),
  }))();

/** POST/PUT /users/adresses/: the form's fields plus country (always NGA) and the owner id. */
export const AddressBodySchema = /* @__PURE__ */ (() =>
  z.object(addressBodyShape).superRefine(lgaInStateCheck, alwaysCheck))();
/** PATCH /users/adresses/{id}/: any of the fields (the route checks the LGA against the address's state when only one is sent). */
export const AddressPatchSchema = /* @__PURE__ */ (() =>
  z.object(addressBodyShape).partial().superRefine(lgaInStateCheck, alwaysCheck))();
export type AddressBody = z.output<typeof AddressBodySchema>;

/** The storefront's address form (add and edit): the same rules as the API, and an LGA. */
export const AddressFormSchema = /* @__PURE__ */ (() =>
  z.object(addressFields).superRefine(lgaInStateCheck, alwaysCheck).superRefine(lgaRequiredCheck, alwaysCheck))();

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
  lga?: string | null;
  landmark?: string | null;
  is_default?: boolean;
}

/**
 * The defaults of an account's first address form (the address book and checkout): the account's
 * own name and its verified phone (as shoppers write it, "0803 123 4567"), made the default
 * address. Most first deliveries go to the account holder; a phone-made account has both.
 */
export function firstAddressDefaults(account: { firstName?: string | null; lastName?: string | null; verifiedPhone?: string | null }): AddressFields {
  const name = (v: string | null | undefined) => (v && v.trim() ? v.trim() : undefined);
  return {
    receiver_first_name: name(account.firstName),
    receiver_last_name: name(account.lastName),
    receiver_phone_one: account.verifiedPhone ? localPhone(account.verifiedPhone) : undefined,
    is_default: true,
  };
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
    lga: v.lga ?? null,
    landmark: v.landmark ?? null,
    ...(v.is_default ? { is_default: true } : {}),
    user: userId,
  };
}
