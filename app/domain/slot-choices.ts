/**
 * The shipment choices a checkout (or an offer) form sent (issue 35 item 5): `fulfil_<storeId>`
 * ("deliver" | "collect") and `slot_<storeId>` (a slot id) into POST /orders/ `delivery_choices`,
 * and the values to show again after a refusal. Client-safe, no zod (the API judges them); the
 * checkout action (app/storefront/slots.server.ts) and the tests read it.
 */
export interface DeliveryChoiceBody {
  store_id: number;
  slot_id?: number;
  collect?: boolean;
}

const ID = /^[1-9]\d{0,9}$/;

export function deliveryChoicesFrom(form: FormData): { choices: DeliveryChoiceBody[]; sent: Record<string, string> } {
  const byStore = new Map<number, DeliveryChoiceBody>();
  const sent: Record<string, string> = {};
  for (const [k, v] of form.entries()) {
    const m = /^(fulfil|slot)_(\d{1,10})$/.exec(k);
    if (!m || typeof v !== "string" || !ID.test(m[2])) continue;
    const store = Number(m[2]);
    const c = byStore.get(store) ?? { store_id: store };
    if (m[1] === "fulfil" && (v === "collect" || v === "deliver")) {
      sent[k] = v;
      if (v === "collect") c.collect = true;
    } else if (m[1] === "slot" && ID.test(v)) {
      sent[k] = v;
      c.slot_id = Number(v);
    }
    byStore.set(store, c);
  }
  // Collecting: no slot goes with it.
  const choices = [...byStore.values()].filter((c) => c.collect || c.slot_id).map((c) => (c.collect ? { store_id: c.store_id, collect: true } : c));
  return { choices, sent };
}

/** Error codes of POST /orders/ that belong next to a store's choice, or the payment choice. */
export const SLOT_CODES = ["slot_full", "slot_required", "slot_unknown", "collect_not_offered"] as const;
