/**
 * The texts of SMS and WhatsApp messages. Every SMS fits one GSM-7 message (160
 * characters; tests/unit/sms-templates.test.ts checks each with real-looking values). WhatsApp
 * sends approved templates: the same updates, their values as the template's body parameters.
 */
import { toSingleSms } from "~/domain/phone";
import { textsFor } from "~/i18n/texts.server";

/**
 * The texts live in app/i18n/messages/<lang>/sms.json, written in plain letters the way people
 * text (no tone marks, no hooked letters): those are not GSM-7 and would turn the message into a
 * 70-character UCS-2 one. `lang` is the recipient's (absent or unknown: English).
 */
export const otpSms = (code: string, lang?: string | null) => toSingleSms(textsFor(lang, "sms")("otp", { code }));

export type OrderUpdate = "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
export const ORDER_UPDATES: readonly OrderUpdate[] = ["placed", "paid", "shipped", "delivered", "cancelled", "refunded"];

export interface OrderValues {
  /** The shopper's first name, or "". */
  name: string;
  /** The short order number shown to shoppers, e.g. "A1B2C3D4". */
  order: string;
  /** Formatted naira amount, e.g. "N125,000.00" (GSM-7 has no ₦). */
  amount: string;
  /** The order's page. */
  url: string;
}

/**
 * One SMS for an order update: with the shopper's name when it fits in 160 GSM-7 characters, else
 * without it (the link is never cut); cut short only if a value is unusually long.
 */
export function orderSms(update: OrderUpdate, v: OrderValues, lang?: string | null): string {
  const t = textsFor(lang, "sms");
  const anon = () => toSingleSms(t(`${update}_anon`, { ...v }));
  if (!v.name) return anon();
  const named = toSingleSms(t(update, { ...v }));
  return named.endsWith("...") ? anon() : named;
}

/**
 * Updates about ONE store's shipment of an order (a multi-store order's stores deliver apart):
 * on its way, delivered, delivered with the cash the store received. They name the store and carry
 * that shipment's amount (its items + its shipping), not the order's.
 */
export type ShipmentUpdate = "shipped_store" | "delivered_store" | "delivered_cash";
export const SHIPMENT_UPDATES: readonly ShipmentUpdate[] = ["shipped_store", "delivered_store", "delivered_cash"];

export interface ShipmentValues {
  name: string;
  /** The store's name. */
  store: string;
  /** The shipment's amount (items + shipping), formatted for GSM-7 ("N11,500"). */
  amount: string;
  url: string;
}

/**
 * One SMS about a store's shipment: with the shopper's name when it fits, else without it.
 * `shipped_pod`: on its way and to be paid at the door; the link pays it by transfer now (SMS only:
 * WhatsApp sends its shipped_store template, whose {{4}} is the same link).
 */
export function shipmentSms(update: ShipmentUpdate | "shipped_pod", v: ShipmentValues, lang?: string | null): string {
  const t = textsFor(lang, "sms");
  const anon = () => toSingleSms(t(`${update}_anon`, { ...v }));
  if (!v.name) return anon();
  const named = toSingleSms(t(update, { ...v }));
  return named.endsWith("...") ? anon() : named;
}

/** WhatsApp body parameters of a shipment update: {{1}} name, {{2}} store, {{3}} amount, {{4}} link. */
export const shipmentTemplateParams = (v: ShipmentValues, lang?: string | null) => [v.name || textsFor(lang, "sms")("whatsapp_there"), v.store, v.amount, v.url];

/**
 * A pay-on-delivery shipment's delivery code (app/domain/delivery-code.ts): the code comes early
 * and the text carries no link, so it is never cut. {{store}} the store, {{code}} the 4 digits.
 */
export const deliveryCodeSms = (v: { store: string; code: string }, lang?: string | null) => toSingleSms(textsFor(lang, "sms")("delivery_code", { ...v }));

/** WhatsApp body parameters of the delivery code: {{1}} name, {{2}} store, {{3}} code, {{4}} link. */
export const deliveryCodeTemplateParams = (v: { name: string; store: string; code: string; url: string }, lang?: string | null) => [
  v.name || textsFor(lang, "sms")("whatsapp_there"),
  v.store,
  v.code,
  v.url,
];

/**
 * The store's "New order" SMS to its owner, in the owner's account language (`lang`): with the
 * store's name when it fits in one SMS, else without it (the order's link is never cut).
 */
export function newOrderSms(v: { store: string; order: string; amount: string; url: string }, lang?: string | null): string {
  const t = textsFor(lang, "sms");
  const named = toSingleSms(t("new_order_store", { ...v }));
  return named.endsWith("...") ? toSingleSms(t("new_order_store_short", { ...v })) : named;
}

/**
 * WhatsApp template body parameters for an order update: {{1}} name, {{2}} order, {{3}} amount,
 * {{4}} link. Without a name {{1}} is a word in the reader's language (every language has its template).
 */
export const orderTemplateParams = (v: OrderValues, lang?: string | null) => [v.name || textsFor(lang, "sms")("whatsapp_there"), v.order, v.amount, v.url];
