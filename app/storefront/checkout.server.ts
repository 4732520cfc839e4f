/**
 * The storefront's side of checkout (spec sections 2, 4, 5, 7, 8): what is being bought (the cart
 * or one buy-now product), the shipping quote for a state, placing the order with an idempotency
 * key, starting and confirming a card payment, and the guest orders this browser placed.
 * Every figure shown comes from the API; the API recomputes everything again when it places the
 * order (docs/api-contract.md "The server decides money and state").
 */
import { redirect } from "@remix-run/node";
import type { Api, ApiResponse } from "./api.server";
import type { ApiAddress, ApiCart, ApiMakePaymentAnswer, ApiOfflinePayment, ApiOrder, ApiPaymentState, ApiPlacedOrder, ApiProduct, ApiShippingFee } from "./api-types";
import { loadCart } from "./cart.server";
import { apiMessage } from "./form-reply";

/**
 * Rules the checkout route's loader and action use, taken from here: a module a route imports
 * statically is loaded with the page even when only the loader uses it (esbuild keeps the import
 * of its chunk), while a `.server` module is left out of the browser build.
 */
export { canonicalState } from "~/domain/address-rules";
export { normalizeQuantity, typedQuantity } from "~/domain/cart";
import { lineTotalNaira, unitPriceKobo } from "~/domain/pricing";
export { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from "~/domain/order-rules";
import { PAYMENT_METHODS, type PaymentMethod } from "~/domain/order-rules";

export interface CheckoutLine {
  productId: number;
  name: string;
  /** Naira, as the API shows it. */
  price: number;
  quantity: number;
  /** The line's total, naira: the API's (cart), or the money rule's for a Buy Now line. */
  lineTotal: number;
  image: string | null;
  /** The product's store: its lines ship together, with their own shipping fee. */
  storeId: number | null;
  storeName: string | null;
  /** The unit it is sold per (issue 34). */
  unit?: string;
}

/** One store's shipment in a quote (naira). */
export interface StoreShippingQuote {
  store: number | null;
  storeName: string;
  /** The state it ships from (null: not known, priced from Lagos). */
  storeState: string | null;
  shipping: number;
  /** Items + shipping: what this shipment costs. */
  total: number;
}

/** The order delivered to one state, as the API quotes it (naira): each store's shipment, the shipping sum, and the whole. */
export interface ShippingQuote {
  /** The shipments' fees summed. */
  total: number;
  /** Items + shipping: the sum of the shipments' totals; what placing the order charges. */
  orderTotal: number;
  stores: StoreShippingQuote[];
}

export interface CheckoutItems {
  lines: CheckoutLine[];
  subtotal: number;
  /** The cart the order is made from (null for buy-now). */
  cartId: string | null;
  /** The buy-now product (null for the cart). */
  buy: number | null;
  /** The buy-now product's option (?option=), sent as `option_id` with `buy`; null without. */
  option?: number | null;
  /** The buy-now quantity (?qty=, the product page's typed quantity); 1 without. */
  qty?: number;
}


/**
 * What is being bought: one buy-now product (`qty` of it), with one of its options when `option`
 * is given (named and priced with it), or the shopper's cart. Null: nothing (or an option that is
 * not the product's).
 */
export async function loadCheckoutItems(api: Api, request: Request, buy: number | null, option: number | null = null, qty = 1): Promise<CheckoutItems | null> {
  if (buy) {
    const r = await api.get<ApiProduct>(`/products/${buy}/`, { auth: false });
    if (!r.ok) return null;
    const p = r.data;
    const image = p.images[0]?.image ?? null;
    const o = option ? p.options?.find((x) => x.id === option) : null;
    if (option && !o) return null;
    const name = o ? `${p.name} (${o.label})` : p.name;
    // The one money rule: the option's (or the product's) price at the rung of its ladder this quantity reaches.
    const tiers = (o ? o.price_tiers : p.price_tiers).map((t) => ({ min_quantity: t.min_quantity, price_kobo: Math.round(t.price * 100) }));
    const price = unitPriceKobo(Math.round(p.selling_price * 100), o ? Math.round(o.price * 100) : null, { tiers, quantity: qty }) / 100;
    const lineTotal = lineTotalNaira(price, qty);
    return {
      lines: [{ productId: p.id, name, price, quantity: qty, lineTotal, image, storeId: p.store, storeName: p.store_name ?? null, unit: p.unit }],
      subtotal: lineTotal,
      cartId: null,
      buy,
      option: o ? o.id : null,
      qty,
    };
  }
  const cart = await loadCart(api, request);
  if (!cart || cart.cart_items.length === 0) return null;
  return {
    lines: cart.cart_items.map((i) => ({
      productId: i.prod_id,
      name: i.name,
      price: i.price,
      quantity: i.quantity,
      lineTotal: i.line_total,
      image: i.image,
      storeId: i.store ?? null,
      storeName: i.store_name ?? null,
      unit: i.unit,
    })),
    subtotal: cart.subtotal,
    cartId: cart.id,
    buy: null,
  };
}

/**
 * Shipping (naira) for the items delivered to `state`, as the API quotes it (the same rule it
 * charges: one shipment per store, from the store's state): buy-now through
 * GET /orders/{productId}/shippingfee/?state=, the cart through GET /carts/{cartId}/?state= (its
 * `shipments`). Null when it cannot be quoted (no state yet, or the API failed).
 */
export async function quoteShipping(api: Api, items: CheckoutItems, state: string | null): Promise<ShippingQuote | null> {
  if (!state) return null;
  const q = `state=${encodeURIComponent(state)}`;
  if (items.buy) {
    const option = items.option ? `&option_id=${items.option}` : "";
    const r = await api.get<ApiShippingFee>(`/orders/${items.buy}/shippingfee/?${q}&quantity=${items.qty ?? 1}${option}`, { auth: false });
    if (!r.ok || typeof r.data.total !== "number") return null;
    const line = items.lines[0];
    return {
      total: r.data.shipping_cost,
      orderTotal: r.data.total,
      stores: [{ store: line?.storeId ?? null, storeName: line?.storeName ?? "", storeState: r.data.origin_state ?? null, shipping: r.data.shipping_cost, total: r.data.total }],
    };
  }
  if (!items.cartId) return null;
  const r = await api.get<ApiCart>(`/carts/${items.cartId}/?${q}`);
  // A quote for a state has every shipment's total (the API's, by the one money rule).
  if (!r.ok || (r.data.shipments ?? []).some((s) => typeof s.total !== "number")) return null;
  return {
    total: r.data.shipping_cost,
    orderTotal: r.data.total,
    stores: (r.data.shipments ?? []).map((s) => ({
      store: s.store,
      storeName: s.store_name,
      storeState: s.store_state,
      shipping: s.shipping_cost,
      total: s.total as number,
    })),
  };
}

/** The chosen delivery address: the one picked with "Use Address" if still there, else the default. */
export function chosenAddress(api: Api, addresses: ApiAddress[]): ApiAddress | null {
  const picked = api.session.get("checkoutAddressId");
  return addresses.find((a) => a.id === picked) ?? addresses.find((a) => a.is_default) ?? null;
}

export function chooseAddress(api: Api, id: number) {
  api.session.set("checkoutAddressId", id);
  api.touch();
}

/** The checkout's choices: the API's methods, and bank transfer / USSD (paid through Paystack: the API's CardPayment). */
export const CHECKOUT_METHODS = [...PAYMENT_METHODS, "BankTransfer", "USSD"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export const isCheckoutMethod = (v: unknown): v is CheckoutMethod => (CHECKOUT_METHODS as readonly string[]).includes(v as string);
/** The API's order_payment_method for a checkout choice. */
export const apiPaymentMethod = (m: CheckoutMethod): PaymentMethod => (m === "BankTransfer" || m === "USSD" ? "CardPayment" : m);

export const isPaymentMethod = (v: unknown): v is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(v as string);

/** POST /orders/ with the form's idempotency token as Idempotency-Key (a retried submit gets the same order). */
export function placeOrder(api: Api, body: Record<string, unknown>, idempotencyKey: string): Promise<ApiResponse<ApiPlacedOrder>> {
  const key = /^[A-Za-z0-9-]{8,100}$/.test(idempotencyKey) ? idempotencyKey : undefined;
  return api.post<ApiPlacedOrder>("/orders/", body, key ? { headers: { "Idempotency-Key": key } } : undefined);
}

/**
 * A new card payment attempt for an order (POST /payments/paystack/make/): the URL of Paystack's
 * hosted page, or a message. The amount is the server's; a guest order is named by its token.
 */
export async function startCardPayment(api: Api, orderId: string, guestToken?: string | null): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const r = await api.post<ApiMakePaymentAnswer>("/payments/paystack/make/", { order_id: orderId, ...(guestToken ? { token: guestToken } : {}) });
  const url = r.ok ? r.data?.data?.authorization_url : undefined;
  if (url && /^https?:\/\//.test(url)) return { ok: true, url };
  return { ok: false, message: apiMessage(r.data, "We could not reach the card payment provider. Please try again or pay on delivery.") };
}

/**
 * A bank transfer (POST /payments/paystack/transfer/) or USSD (POST /payments/paystack/ussd/)
 * payment for an order, or by transfer for one shipment of a pay-on-delivery order (`shipment`):
 * the attempt's reference for its page, or a message.
 */
export async function startOfflinePayment(
  api: Api,
  orderId: string,
  how: { channel: "bank_transfer"; shipment?: number | null } | { channel: "ussd"; bank: string },
  guestToken?: string | null,
): Promise<{ ok: true; payment: ApiOfflinePayment } | { ok: false; message: string }> {
  const body = {
    order_id: orderId,
    ...(guestToken ? { token: guestToken } : {}),
    ...(how.channel === "ussd" ? { bank: how.bank } : how.shipment ? { shipment: how.shipment } : {}),
  };
  const r = await api.post<ApiOfflinePayment>(how.channel === "ussd" ? "/payments/paystack/ussd/" : "/payments/paystack/transfer/", body);
  if (r.ok && r.data?.reference) return { ok: true, payment: r.data };
  if (r.status === 401 && api.user) throw await api.signedOut();
  return { ok: false, message: apiMessage(r.data, "We could not reach the payment service. Please try again or pay on delivery.") };
}

/** A transfer / USSD payment's state (verified with Paystack by the API while it waits); null when not that order's. */
export async function offlinePaymentState(api: Api, reference: string, orderId: string): Promise<ApiOfflinePayment | null> {
  if (!/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) return null;
  const r = await api.get<ApiOfflinePayment>(`/payments/paystack/charge/${encodeURIComponent(reference)}/?order_id=${encodeURIComponent(orderId)}`, { auth: false });
  return r.ok ? r.data : null;
}

/** Where a shopper who chose USSD picks their bank. */
export function ussdChoicePath(orderId: string, guest: boolean): string {
  return `/checkout/offline?order_id=${orderId}&how=ussd${guest ? "&g=y" : ""}`;
}

/** The page of a transfer / USSD payment. */
export function offlinePath(reference: string, orderId: string, guest: boolean): string {
  return `/checkout/offline/${encodeURIComponent(reference)}?order_id=${orderId}${guest ? "&g=y" : ""}`;
}

/**
 * Asks the API to verify a payment with Paystack (PATCH /payments/paystack/confirm_payment). The
 * query string of the callback is never trusted: the answer only tells the server which attempt
 * to verify; the order's state is read back afterwards.
 */
export async function confirmPayment(api: Api, orderId: string, reference: string): Promise<ApiResponse<ApiPaymentState>> {
  return api.patch<ApiPaymentState>("/payments/paystack/confirm_payment", {
    order_id: orderId,
    reference,
    trx_ref: reference,
    tx_ref: reference,
  });
}

/**
 * One order: a member's own, or a guest's with its token. Null when not found / not theirs. A
 * guest link past its end (410) goes to the order's page, which says so and offers a fresh one.
 */
export async function loadOrder(api: Api, orderId: string, guestToken?: string | null): Promise<ApiOrder | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const path = `/orders/${orderId}/${guestToken ? `?token=${encodeURIComponent(guestToken)}` : ""}`;
  const r = await api.get<ApiOrder>(path, guestToken ? { auth: !api.user ? false : undefined } : undefined);
  if (r.ok) return r.data;
  if (r.status === 410 && guestToken) throw redirect(orderPagePath(orderId, guestToken), { status: 303 });
  if (r.status === 401 && api.user) throw await api.signedOut();
  return null;
}

/**
 * A guest's order by its link: the order, "expired" when the API says the link is past its end
 * (410; docs/decisions/0029-guest-order-links.md), null when it is not this order's link.
 */
export async function loadGuestOrder(api: Api, orderId: string, token: string): Promise<ApiOrder | "expired" | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const r = await api.get<ApiOrder>(`/orders/${orderId}/?token=${encodeURIComponent(token)}`, { auth: !api.user ? false : undefined });
  if (r.ok) return r.data;
  return r.status === 410 ? "expired" : null;
}

const MAX_GUEST_ORDERS = 5;

/** Remembers a guest order's token in the session (the success page and "Try again" need it). */
export function rememberGuestOrder(api: Api, orderId: string, token: string) {
  const prev = api.session.get("guestOrders") ?? {};
  const entries = Object.entries(prev).filter(([id]) => id !== orderId);
  entries.push([orderId, token]);
  api.session.set("guestOrders", Object.fromEntries(entries.slice(-MAX_GUEST_ORDERS)));
  api.touch();
}

export function guestOrderToken(api: Api, orderId: string): string | null {
  return api.session.get("guestOrders")?.[orderId] ?? null;
}

/** The payment reference of a Paystack callback: `reference`, else `trxref`, `tx_ref`, `trx_ref`. */
export function callbackReference(url: URL): string | null {
  for (const k of ["reference", "trxref", "tx_ref", "trx_ref"]) {
    const v = url.searchParams.get(k);
    if (v && /^[A-Za-z0-9.=_-]{1,100}$/.test(v)) return v;
  }
  return null;
}

/** The order id of a callback: `order_id`, else `o_id` (spec section 2). */
export function callbackOrderId(url: URL): string | null {
  const v = url.searchParams.get("order_id") ?? url.searchParams.get("o_id");
  return v && /^[0-9a-f-]{36}$/i.test(v) ? v.toLowerCase() : null;
}

/** The shopper's page of an order: the member's in the account area, a guest's with its token. */
export function orderPagePath(orderId: string, guestToken: string | null): string {
  return guestToken ? `/orders/${orderId}?t=${encodeURIComponent(guestToken)}` : `/users/orders/${orderId}`;
}

/** The success page for an order (guests: g=y hides VIEW ORDER). */
export function successPath(orderId: string, guest: boolean): string {
  return `/checkout/payment/success?order_id=${orderId}${guest ? "&g=y" : ""}`;
}

/** An address as the order summary and the placement body need it. */
export type DeliveryAddress = Pick<ApiAddress, "id" | "state">;

/**
 * "Pay on delivery instead" for a card order whose payment did not go through: the API switches
 * the order's method while its payment is still unsettled (never for a paid order).
 */
export async function switchToPayOnDelivery(api: Api, orderId: string, guestToken?: string | null): Promise<{ ok: true } | { ok: false; message: string }> {
  const r = await api.patch("/payments/paystack/switch_to_pod/", { order_id: orderId, ...(guestToken ? { token: guestToken } : {}) });
  if (r.ok) return { ok: true };
  if (r.status === 401 && api.user) throw await api.signedOut();
  return { ok: false, message: apiMessage(r.data, "We could not switch this order to pay on delivery. Please try again.") };
}
