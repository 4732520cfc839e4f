/**
 * Orders' rules (spec sections 3, 4, 5 and 9), shared by the API (placement, cancel, tracking)
 * and the storefront (checkout form, order pages). Client-safe: no server imports.
 *
 *  - delivery statuses and their only allowed transitions (Placed → Confirmed → Shipped → Delivered);
 *  - payment statuses and methods;
 *  - the seven cancel reasons of spec section 3, and until when an item may be cancelled;
 *  - the guest checkout schema of spec section 5 (the API's `guest_delivery_address` and the
 *    storefront's guest checkout form use this one schema);
 *  - order event kinds (the tracking page shows the date of each).
 */
import * as z from "zod";
import { alwaysCheck, canonicalState, landmarkField, lgaField, lgaInStateCheck, lgaRequiredCheck } from "./addresses";
import { CANCEL_MESSAGES, CANCEL_REASONS, CHECKOUT_MESSAGES, GUEST_LINK_MESSAGES, PAYMENT_METHODS, orderNumberKey } from "./order-rules";
import { TEXT_MAX, text } from "./text";
import { EMAIL_RE, emailField, isEmailAddress, normalizeNigerianPhone, phoneField, requiredText } from "./validation";

export * from "./order-rules";

/** POST /orders/{orderItemId}/orderitem/cancel and the confirm-cancel form. */
export const CancelItemSchema = /* @__PURE__ */ (() =>
  z.object({
    order_item_cancel_reason: z.enum(CANCEL_REASONS, { error: CANCEL_MESSAGES.reason }),
  }))();

export const paymentMethodField = /* @__PURE__ */ (() =>
  z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethod }))();

const guestStateField = /* @__PURE__ */ (() =>
  text(TEXT_MAX.state, { required: CHECKOUT_MESSAGES.state, min: 3 }).transform((v, c) => {
    const s = canonicalState(v);
    if (!s) {
      c.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.stateInvalid });
      return z.NEVER;
    }
    return s;
  }))();

/** The guest checkout fields (spec section 5), shared by the API body and the storefront form. */
export const guestCheckoutFields = /* @__PURE__ */ (() =>
  ({
    email: emailField(CHECKOUT_MESSAGES.email, CHECKOUT_MESSAGES.emailInvalid),
    receiver_first_name: requiredText(CHECKOUT_MESSAGES.firstName, 3, undefined, TEXT_MAX.name),
    receiver_last_name: requiredText(CHECKOUT_MESSAGES.lastName, 3, undefined, TEXT_MAX.name),
    receiver_phone_one: phoneField(CHECKOUT_MESSAGES.phone, CHECKOUT_MESSAGES.phoneInvalid),
    street_address: requiredText(CHECKOUT_MESSAGES.street, 10, undefined, TEXT_MAX.street),
    city: requiredText(CHECKOUT_MESSAGES.city, 3, undefined, TEXT_MAX.city),
    state: guestStateField,
    zip_code: z
      .union([text(TEXT_MAX.zip), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    lga: lgaField,
    landmark: landmarkField,
  }))();

/** Guests' addresses say NGN or NGA (spec section 9); both are Nigeria, stored as NGA. */
const guestCountryField = /* @__PURE__ */ (() =>
  z
    .union([text(TEXT_MAX.country), z.null()])
    .optional()
    .transform((v) => (v ? v.toUpperCase() : "NGA"))
    .refine((v) => ["NGA", "NG", "NGN", "NIGERIA"].includes(v), CHECKOUT_MESSAGES.country)
    .transform(() => "NGA"))();

/** The API's `guest_delivery_address` (and the guest checkout form's contact + shipping fields). */
export const GuestCheckoutSchema = /* @__PURE__ */ (() =>
  z.object({ ...guestCheckoutFields, country: guestCountryField }).superRefine(lgaInStateCheck, alwaysCheck))();
export type GuestCheckout = z.output<typeof GuestCheckoutSchema>;
/** The guest checkout form: the API's rules, and an LGA (the API keeps it optional for older clients). */
export const GuestCheckoutFormSchema = /* @__PURE__ */ (() => GuestCheckoutSchema.superRefine(lgaRequiredCheck, alwaysCheck))();

/**
 * POST /orders/guest-link/ and the storefront's "Send me a fresh link" form: the order number as
 * shown ("#1A2B3C4D", or the whole id) and the e-mail address or phone number of the order.
 * `contact` becomes `{email}` or `{phone}` (+234…).
 */
export const GuestLinkRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    order_number: z
      .string({ error: GUEST_LINK_MESSAGES.orderRequired })
      .trim()
      .min(1, GUEST_LINK_MESSAGES.orderRequired)
      .max(40, GUEST_LINK_MESSAGES.orderInvalid)
      .refine((v) => orderNumberKey(v) !== null, GUEST_LINK_MESSAGES.orderInvalid),
    contact: z
      .string({ error: GUEST_LINK_MESSAGES.contactRequired })
      .trim()
      .min(1, GUEST_LINK_MESSAGES.contactRequired)
      .max(254, GUEST_LINK_MESSAGES.contactInvalid)
      .refine((v) => (v.includes("@") ? isEmailAddress(v) : normalizeNigerianPhone(v) !== null), GUEST_LINK_MESSAGES.contactInvalid),
  }))();
export type GuestLinkRequest = z.infer<typeof GuestLinkRequestSchema>;

/** The contact of a valid request: an e-mail address (lower case) or a phone number (+234…). */
export function guestLinkContact(contact: string): { email: string } | { phone: string } {
  const v = contact.trim();
  if (EMAIL_RE.test(v)) return { email: v.toLowerCase() };
  return { phone: normalizeNigerianPhone(v) ?? v };
}
