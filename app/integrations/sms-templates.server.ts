/**
 * The texts of SMS and WhatsApp messages. Every SMS fits one GSM-7 message (160
 * characters; tests/unit/sms-templates.test.ts checks each with real-looking values). WhatsApp
 * sends approved templates: the same updates, their values as the template's body parameters.
 */
import { toSingleSms } from "~/domain/phone";

export const otpSms = (code: string) => `${code} is your BuildMart code. It expires in 10 minutes. Never share it with anyone.`;

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

const hi = (name: string) => (name ? `Hi ${name}, ` : "");
const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

const ORDER_SMS: Record<OrderUpdate, (v: OrderValues) => string> = {
  placed: (v) => `${hi(v.name)}your BuildMart order ${v.order} (${v.amount}) is placed. Track it: ${v.url}`,
  paid: (v) => `${hi(v.name)}we got your payment of ${v.amount} for BuildMart order ${v.order}. Track it: ${v.url}`,
  shipped: (v) => `${hi(v.name)}your BuildMart order ${v.order} is on its way. Track it: ${v.url}`,
  delivered: (v) => `${hi(v.name)}your BuildMart order ${v.order} was delivered. Thank you! Details: ${v.url}`,
  cancelled: (v) => `${hi(v.name)}your BuildMart order ${v.order} was cancelled. Details: ${v.url}`,
  refunded: (v) => `${hi(v.name)}we refunded ${v.amount} for BuildMart order ${v.order}. Details: ${v.url}`,
};

/**
 * One SMS for an order update: with the shopper's name when it fits in 160 GSM-7 characters, else
 * without it (the link is never cut); cut short only if a value is unusually long.
 */
export function orderSms(update: OrderUpdate, v: OrderValues): string {
  const named = toSingleSms(ORDER_SMS[update](v));
  if (!named.endsWith("...") || !v.name) return named;
  return toSingleSms(cap(ORDER_SMS[update]({ ...v, name: "" })));
}

/** The store's "New order" SMS to its owner. */
export const newOrderSms = (v: { store: string; order: string; amount: string; url: string }) =>
  toSingleSms(`New order ${v.order} for ${v.store}: ${v.amount}. Open it: ${v.url}`);

/** WhatsApp template body parameters for an order update: {{1}} name, {{2}} order, {{3}} amount, {{4}} link. */
export const orderTemplateParams = (v: OrderValues) => [v.name || "there", v.order, v.amount, v.url];
