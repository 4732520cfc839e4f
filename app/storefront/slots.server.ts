/**
 * The storefront's side of delivery slots and yard collection (issue 35 item 5): what checkout
 * offers each store's shipment (GET /slots/delivery-options/), and POST /orders/'s refusals of a
 * choice turned into a message next to the right field, in the reader's language.
 */
import type { Api } from "./api.server";
import type { ApiDeliveryOptions } from "./api-types";
import { SLOT_CODES } from "~/domain/slot-choices";
import { formatDay } from "~/i18n/dates";

/** A slot as the API answers it (day "YYYY-MM-DD", window, hours). */
interface SlotLike {
  day: string;
  window: string;
  starts: string;
  ends: string;
}

export { deliveryChoicesFrom } from "~/domain/slot-choices";
export { MAX_SLOT_DAYS, MAX_SLOT_TRUCKS, YARD_ADDRESS_MAX, YARD_HOURS_MAX } from "~/domain/slot-rules";

/** Each store of these products: bulk or not, its upcoming slots, its yard; [] when the API cannot say. */
export async function loadDeliveryOptions(api: Api, productIds: readonly number[]): Promise<ApiDeliveryOptions["stores"]> {
  const ids = [...new Set(productIds)].filter((n) => Number.isInteger(n) && n > 0).slice(0, 100);
  if (!ids.length) return [];
  const r = await api.get<ApiDeliveryOptions>(`/slots/delivery-options/?products=${ids.join(",")}`, { auth: false });
  return r.ok ? r.data.stores : [];
}

/**
 * A refusal of POST /orders/ about a shipment's choice or bulk goods paid at the door: the field it
 * belongs next to (`slot_<storeId>`, or `order_payment_method`) and its message; null otherwise.
 */
export function choiceRefusal(body: unknown, t: (key: string) => string): { field: string; message: string } | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const { code, store_id } = body as { code?: unknown; store_id?: unknown };
  if (code === "bulk_no_pod") return { field: "order_payment_method", message: t("slots.error.bulk_no_pod") };
  if (typeof code === "string" && (SLOT_CODES as readonly string[]).includes(code) && typeof store_id === "number") return { field: `slot_${store_id}`, message: t(`slots.error.${code}`) };
  return null;
}

/**
 * A shipment's delivery day as text (the reader's words, `orders` namespace) and its yard, for a
 * page that shows them without the picker's code (the store's order page, held to its JavaScript size).
 */
export function arrangementOf(
  shipment: { delivery_slot?: SlotLike | null; collection?: { address: string; hours: string } | null } | null | undefined,
  t: (key: string, values?: Record<string, unknown>) => string,
): { slot: string | null; collection: { address: string; hours: string } | null } {
  const s = shipment?.delivery_slot && !shipment.collection ? shipment.delivery_slot : null;
  // The same words as components/slots/slot-text.ts (`slots.when`, `slots.window.*`).
  const slot = s ? t("slots.when", { day: formatDay(s.day, t), window: t(`slots.window.${s.window}`), starts: s.starts, ends: s.ends }) : null;
  return { slot, collection: shipment?.collection ?? null };
}
