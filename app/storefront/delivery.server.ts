/**
 * The delivery promise's state and quotes: "Delivery to Kano: ₦3,500, arrives
 * Tue 1 Dec – Thu 3 Dec" on the product page and in the cart.
 *
 * Which state: the one the shopper picked with the state picker (the `deliveryState` cookie, a
 * plain POST that works without JavaScript: `setDeliveryState`), else the signed-in shopper's
 * default address's state, else Lagos, shown as a default with a prompt to choose. The picker wins
 * over the address because it is the shopper's latest explicit choice (a shopper with a Lagos
 * address buying for a site in Kano).
 *
 * The cookie makes pages the visitor's own: it is one of ~/ops/http-cache.server's PERSONAL_COOKIES,
 * so a page showing a picked state is never kept by browsers or shared caches. The page cache
 * keeps a page showing the promise once per state and source (~/ops/page-cache.server renders it
 * with `api.sharedDelivery`), so shoppers who chose the same state share it.
 */
import { createCookie, redirect } from "@remix-run/node";
import { canonicalState } from "~/domain/address-rules";
import { DEFAULT_ORIGIN_STATE } from "~/domain/shipping";
import type { Api } from "./api.server";
import type { ApiAddress, ApiShippingFee } from "./api-types";
import { safeRedirect } from "./safe-redirect";

export const DELIVERY_STATE_COOKIE = "deliveryState";

let cookie: ReturnType<typeof createCookie> | null = null;
/** The state picked with the picker (canonical name), a year. Not signed: it holds only a state name, checked when read. */
export function deliveryStateCookie() {
  cookie ??= createCookie(DELIVERY_STATE_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });
  return cookie;
}

export type DeliveryStateSource = "picked" | "address" | "default";
export interface DeliveryState {
  state: string;
  source: DeliveryStateSource;
}

/** The state the shopper picked (the picker's cookie), canonical, or null. */
export async function pickedDeliveryState(request: Request): Promise<string | null> {
  const picked = await deliveryStateCookie().parse(request.headers.get("Cookie"));
  return typeof picked === "string" ? canonicalState(picked) : null;
}

/** The rule of the promise's state: the one picked, else the default address's, else Lagos. */
export function deliveryStateOf(picked: string | null, defaultAddressState: string | null | undefined): DeliveryState {
  if (picked) return { state: picked, source: "picked" };
  const s = defaultAddressState ? canonicalState(defaultAddressState) : null;
  if (s) return { state: s, source: "address" };
  return { state: DEFAULT_ORIGIN_STATE, source: "default" };
}

/** Where the shopper's goods go, for the promise (see the file comment). */
export async function deliveryStateFor(api: Api, request: Request): Promise<DeliveryState> {
  api.showedDelivery = true;
  if (api.sharedDelivery) return api.sharedDelivery;
  const picked = await pickedDeliveryState(request);
  if (picked) return deliveryStateOf(picked, null);
  const user = api.user;
  if (user) {
    const r = await api.once("delivery:addresses", () => api.get<ApiAddress[]>(`/users/${user.id}/addresses/`));
    const def = r.ok ? (r.data.find((a) => a.is_default) ?? null) : null;
    return deliveryStateOf(null, def?.state ?? null);
  }
  return deliveryStateOf(null, null);
}

/** The state picker's POST (field `deliveryState`): remembers it and goes back (303) to `back`. Unknown names: back, unchanged. */
export async function setDeliveryState(form: FormData, back: string): Promise<Response> {
  const to = safeRedirect(back, "/");
  const s = canonicalState(String(form.get(DELIVERY_STATE_COOKIE) ?? "").slice(0, 64));
  if (!s) return redirect(to, { status: 303 });
  return redirect(to, { status: 303, headers: { "Set-Cookie": await deliveryStateCookie().serialize(s) } });
}

export interface ProductDeliveryQuote {
  /** Naira. */
  fee: number;
  earliest: string;
  latest: string;
}

/** The buy-now quote of one unit of the product to `state` (GET /orders/{id}/shippingfee/), or null when it could not be had. */
export async function productDeliveryQuote(api: Api, productId: number, state: string): Promise<ProductDeliveryQuote | null> {
  const r = await api.get<ApiShippingFee>(`/orders/${productId}/shippingfee/?state=${encodeURIComponent(state)}&quantity=1`, { auth: false });
  if (!r.ok || !r.data.earliest_delivery || !r.data.latest_delivery) return null;
  return { fee: r.data.shipping_cost, earliest: r.data.earliest_delivery, latest: r.data.latest_delivery };
}
