/**
 * THE money rule (docs/decisions/0021-one-money-rule.md): every naira a person sees (the cart, the
 * checkout summary, Buy Now, the order, the store's order page, e-mails, SMS, WhatsApp, the API's
 * answers) and every entry of a store's ledger is computed here, so no two screens can disagree.
 * Integer kobo throughout; client-safe (no server imports).
 *
 *  - a line's unit price is the chosen option's price, else the product's selling price; from a
 *    quantity up, the rung of its volume price ladder (`unitPriceKobo`, app/domain/units.ts); a line
 *    of an accepted quote is priced by the store's offer instead: its offered unit price, stored on
 *    the offer (issue 35, decision 0036), so list price changes never move it;
 *  - an offer's figures (`offerFigures`): its lines, its delivery charge (the shipment's fee of the
 *    order it makes, kept by `priceLines`'s `fixedShipping`), their total, and the VAT in that total
 *    when the store is VAT-registered (`vatIncludedKobo`: offered prices include VAT);
 *  - a line costs unit price × quantity, to the kobo (`lineTotalKobo`); it is computed once, when the
 *    line is priced, and stored with an order's line (`order_items.line_total_kobo`);
 *  - lines travel in one shipment per store; a shipment's shipping fee is app/domain/shipping.ts's,
 *    for the delivery state; the amount a shipment costs (and a pay-on-delivery rider collects) is
 *    its items plus its shipping (`priceLines`); a shipment the buyer collects from the store's
 *    yard (issue 35 item 5, decision 0037) has no shipping fee (`collect` of `priceLines`);
 *  - an order's total is the sum of its shipments;
 *  - where the delivery state is not known yet there is no shipping figure and no total: pages say
 *    "Delivery: choose your state" instead of a "from" amount (`priceLines(…, null)`);
 *  - a store's ledger books a delivered, paid shipment by who received the money: card money is
 *    received by the platform, cash on delivery by the store (`deliveryEntries`, `refundEntries`).
 */
import { shipmentShippingKobo, type ShipmentSize } from "./shipping";
import { ladderUnitKobo, type PriceTier } from "./units";

/**
 * A line's unit price: the chosen option's, else the product's selling price (kobo); with a
 * volume price ladder (app/domain/units.ts) and a quantity, the rung that quantity reaches (the
 * option's ladder when an option is chosen, else the product's). The only place a unit is priced.
 */
export function unitPriceKobo(
  sellingPriceKobo: number,
  optionPriceKobo?: number | null,
  ladder?: { tiers: readonly PriceTier[] | null | undefined; quantity: number },
  /** A quote's offered unit price (kobo): the price source of an accepted offer's lines. */
  offeredKobo?: number | null,
): number {
  if (offeredKobo !== undefined && offeredKobo !== null) return offeredKobo;
  const single = optionPriceKobo ?? sellingPriceKobo;
  return ladder ? ladderUnitKobo(single, ladder.tiers, ladder.quantity) : single;
}

/** What a line costs: unit price × quantity, to the kobo. The only place a line is priced. */
export function lineTotalKobo(unitKobo: number, quantity: number): number {
  return Math.round(unitKobo * quantity);
}

/** The same in naira, for a figure a page shows while a change is on its way (JS, optimistic). */
export function lineTotalNaira(unitNaira: number, quantity: number): number {
  return lineTotalKobo(Math.round(unitNaira * 100), quantity) / 100;
}

export interface PriceLine {
  storeId: number | null;
  /** The store's state (null: unknown, ships from Lagos). */
  originState: string | null;
  size: ShipmentSize;
  quantity: number;
  unitKobo: number;
  /** The line's stored total (an order's line); computed from unit × quantity when absent. */
  totalKobo?: number;
}

export interface ShipmentPrice {
  storeId: number | null;
  /** The shipment's items (its lines' totals), kobo. */
  itemsKobo: number;
  /** Its shipping fee to the destination; null when the destination is not known. */
  shippingKobo: number | null;
  /** Items + shipping: what the shipment costs and a rider collects; null without a destination. */
  totalKobo: number | null;
  /** The indexes of its lines in the input, in order. */
  lines: number[];
}

export interface PricedLines {
  itemsKobo: number;
  shippingKobo: number | null;
  totalKobo: number | null;
  /** One per store, in the order the stores first appear. */
  shipments: ShipmentPrice[];
  /** The delivery state was known: shipping and totals are real figures. */
  destinationKnown: boolean;
}

/** A shipment collected from the store's yard: no shipping fee. */
export const COLLECT_SHIPPING_KOBO = 0;

/** The line's total: the stored one, else unit × quantity. */
const totalOf = (l: PriceLine) => l.totalKobo ?? lineTotalKobo(l.unitKobo, l.quantity);

/**
 * Prices lines delivered to `destination` (a canonical state name): each store's lines as one
 * shipment (items, its shipping fee, items + shipping), and the whole (the sum of the shipments).
 * `destination` null: the state is not known yet, so shipping and totals are null. `fixedShipping`
 * gives a shipment's fee as it was charged (a paid order's), by store id (key "none" for no store):
 * a shipment listed there keeps that fee instead of the rule's. `collect`: the stores whose shipment
 * the buyer collects from the yard: no shipping fee, whatever the destination.
 */
export function priceLines(
  lines: readonly PriceLine[],
  destination: string | null,
  fixedShipping?: ReadonlyMap<number | null, number>,
  collect?: ReadonlySet<number | null>,
): PricedLines {
  const groups = new Map<number | null, number[]>();
  lines.forEach((l, i) => groups.set(l.storeId, [...(groups.get(l.storeId) ?? []), i]));
  const shipments: ShipmentPrice[] = [];
  for (const [storeId, idx] of groups) {
    const ls = idx.map((i) => lines[i]);
    const itemsKobo = ls.reduce((s, l) => s + totalOf(l), 0);
    const fixed = fixedShipping?.get(storeId);
    const shippingKobo =
      collect?.has(storeId)
        ? COLLECT_SHIPPING_KOBO
        : fixed !== undefined
        ? fixed
        : destination === null
          ? null
          : shipmentShippingKobo(ls, itemsKobo, ls[0].originState, destination);
    shipments.push({ storeId, itemsKobo, shippingKobo, totalKobo: shippingKobo === null ? null : itemsKobo + shippingKobo, lines: idx });
  }
  const itemsKobo = shipments.reduce((s, sh) => s + sh.itemsKobo, 0);
  const known = shipments.every((s) => s.shippingKobo !== null);
  const shippingKobo = known ? shipments.reduce((s, sh) => s + (sh.shippingKobo ?? 0), 0) : null;
  return { itemsKobo, shippingKobo, totalKobo: shippingKobo === null ? null : itemsKobo + shippingKobo, shipments, destinationKnown: destination !== null };
}

/**
 * The lowest fee each shipment could cost (within its store's own state): what the API's cart
 * answers as `shipping_cost` when no state is asked (older clients show it). Pages never add it
 * to a total.
 */
export function lowestShippingKobo(lines: readonly PriceLine[]): { totalKobo: number; byStore: Map<number | null, number> } {
  const byStore = new Map<number | null, number>();
  const groups = new Map<number | null, PriceLine[]>();
  for (const l of lines) groups.set(l.storeId, [...(groups.get(l.storeId) ?? []), l]);
  let totalKobo = 0;
  for (const [store, ls] of groups) {
    const fee = shipmentShippingKobo(ls, ls.reduce((s, l) => s + totalOf(l), 0), ls[0].originState, ls[0].originState);
    byStore.set(store, fee);
    totalKobo += fee;
  }
  return { totalKobo, byStore };
}

/**
 * A shipment's fee once its order is paid: what was charged, while it still has active lines;
 * nothing once every line of it was cancelled (its fee is refunded with the last one).
 */
export function chargedShippingKobo(chargedKobo: number, activeLines: number): number {
  return activeLines > 0 ? chargedKobo : 0;
}

// ---- the ledger ----------------------------------------------------------------------------------

/**
 * Kinds of a store's ledger entries (signed kobo; positive: the platform owes the store more).
 *  sale               +  an item delivered and paid (its line total)
 *  shipping           +  a delivered, paid shipment's shipping fee (the store delivers)
 *  commission         −  the platform's commission on a sale
 *  cash_held          −  cash on delivery the store collected itself (items and shipping)
 *  refund             −  a sale given back (card refund, or a cash-paid return)
 *  commission_refund  +  the commission of a sale given back
 *  cash_refund        +  cash the store paid back to a buyer (it held the money)
 *  settlement         +  commission the store paid to the platform (recorded by an admin)
 *  payout             −  money sent to the store's bank
 *  payout_reversal    +  a payout that failed or came back
 */
export const LEDGER_KINDS = [
  "sale",
  "shipping",
  "commission",
  "cash_held",
  "refund",
  "commission_refund",
  "cash_refund",
  "settlement",
  "payout",
  "payout_reversal",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Who received a shipment's money: the platform (card) or the store (cash on delivery). */
export type PaidBy = "card" | "cash";

export interface LedgerEntry {
  kind: LedgerKind;
  amountKobo: number;
}

/** The platform's commission on `grossKobo` at `percent` (0–100), to the kobo. */
export function commissionKobo(grossKobo: number, percent: number): number {
  // Basis points keep the multiplication in integers for any percent with two decimals.
  return Math.round((grossKobo * Math.round(percent * 100)) / 10_000);
}

/**
 * What a delivered, paid line books: the sale and the commission owed on it; cash the store
 * collected itself is booked as held by the store, so it is never paid out again.
 */
export function saleEntries(lineKobo: number, paidBy: PaidBy, percent: number): LedgerEntry[] {
  const entries: LedgerEntry[] = [
    { kind: "sale", amountKobo: lineKobo },
    { kind: "commission", amountKobo: -commissionKobo(lineKobo, percent) },
  ];
  if (paidBy === "cash") entries.push({ kind: "cash_held", amountKobo: -lineKobo });
  return entries;
}

/** What a delivered, paid shipment's shipping fee books (no commission on shipping). */
export function shippingEntries(shippingKobo: number, paidBy: PaidBy): LedgerEntry[] {
  if (shippingKobo <= 0) return [];
  const entries: LedgerEntry[] = [{ kind: "shipping", amountKobo: shippingKobo }];
  if (paidBy === "cash") entries.push({ kind: "cash_held", amountKobo: -shippingKobo });
  return entries;
}

/**
 * A refund of `refundKobo` of a booked sale (line total `lineKobo`, commission `commissionBookedKobo`,
 * a positive number): the share of the sale goes back and the commission on that share with it.
 * Who holds the money pays it back: a card sale's refund comes from the platform (the store gives
 * back its credit), a cash sale's from the store (the cash it held goes back to the buyer).
 */
export function refundEntries(input: { lineKobo: number; commissionBookedKobo: number; refundKobo: number; paidBy: PaidBy }): LedgerEntry[] {
  const share = Math.max(0, Math.min(input.lineKobo, Math.round(input.refundKobo)));
  if (share === 0) return [];
  const commissionBack = input.lineKobo > 0 ? Math.round((input.commissionBookedKobo * share) / input.lineKobo) : 0;
  const entries: LedgerEntry[] = [
    { kind: "refund", amountKobo: -share },
    { kind: "commission_refund", amountKobo: commissionBack },
  ];
  if (input.paidBy === "cash") entries.push({ kind: "cash_refund", amountKobo: share });
  return entries.filter((e) => e.amountKobo !== 0);
}

export interface LedgerTotals {
  /** Sales and shipping, less what went back (all channels), kobo. */
  salesKobo: number;
  /** Commission booked less commission given back (positive: what the store's sales cost it). */
  commissionKobo: number;
  /** Cash the store collected itself and kept (net of cash it paid back). */
  cashHeldKobo: number;
  /** Commission the store paid the platform directly. */
  settledKobo: number;
  /** Money sent to the store's bank, net of reversals. */
  paidOutKobo: number;
  /** Everything: what the platform owes the store (negative: what the store owes the platform). */
  netKobo: number;
}

/** Sums a store's entries by what they mean (the payouts pages' figures). */
export function ledgerTotals(entries: readonly LedgerEntry[]): LedgerTotals {
  const sum = (...kinds: LedgerKind[]) => entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amountKobo, 0);
  return {
    salesKobo: sum("sale", "shipping", "refund"),
    commissionKobo: -sum("commission", "commission_refund"),
    cashHeldKobo: -sum("cash_held", "cash_refund"),
    settledKobo: sum("settlement"),
    paidOutKobo: -sum("payout", "payout_reversal"),
    netKobo: entries.reduce((s, e) => s + e.amountKobo, 0),
  };
}

/** What a store owes the platform (commission on cash sales not yet settled or taken from payouts), kobo, ≥ 0. */
export const owedKobo = (netKobo: number) => Math.max(0, -netKobo);

/** What a shipment costs (and a pay-on-delivery rider collects): its items plus its shipping. */
export const shipmentTotalKobo = (itemsKobo: number, shippingKobo: number): number => itemsKobo + shippingKobo;

/** What an order costs: its items plus its shipping (the sum of its shipments' totals). */
export const orderTotalKobo = (itemsKobo: number, shippingKobo: number): number => itemsKobo + shippingKobo;

/** The items of a shipment or an order: the sum of its lines' totals. */
export const itemsTotalKobo = (lines: readonly { totalKobo: number }[]): number => lines.reduce((s, l) => s + l.totalKobo, 0);

// ---- quotes: an offer's figures and VAT -----------------------------------------------------------

/** VAT in kobo per 1,000 kobo of the price before VAT: 7.5% (app/domain/quote-rules.ts VAT_PERCENT). */
const VAT_PER_MILLE = 75;

/**
 * The VAT included in a VAT-inclusive amount at 7.5%: amount × 75 / 1075, rounded half up to the
 * kobo, ONCE, on the invoice's total (items + delivery), never per line, so the pro-forma, the order
 * and the tax invoice carry the same figure (decision 0036).
 */
export function vatIncludedKobo(totalKobo: number): number {
  return Math.floor((totalKobo * VAT_PER_MILLE * 2 + (1000 + VAT_PER_MILLE)) / ((1000 + VAT_PER_MILLE) * 2));
}

export interface OfferFigures {
  lines: { unitKobo: number; quantity: number; totalKobo: number }[];
  itemsKobo: number;
  deliveryKobo: number;
  /** What the buyer pays: items + delivery (VAT included when registered). */
  totalKobo: number;
  /** The VAT in the total, or null when the store is not VAT-registered. */
  vatKobo: number | null;
  /** The total before VAT (total − VAT), or null when not VAT-registered. */
  netKobo: number | null;
}

/** An offer's (or a quote's order's) figures: each line unit × quantity, the delivery charge, the total and its VAT. */
export function offerFigures(lines: readonly { unitKobo: number; quantity: number; totalKobo?: number }[], deliveryKobo: number, vatRegistered: boolean): OfferFigures {
  const priced = lines.map((l) => ({ unitKobo: l.unitKobo, quantity: l.quantity, totalKobo: l.totalKobo ?? lineTotalKobo(l.unitKobo, l.quantity) }));
  const itemsKobo = itemsTotalKobo(priced);
  const totalKobo = orderTotalKobo(itemsKobo, deliveryKobo);
  const vatKobo = vatRegistered ? vatIncludedKobo(totalKobo) : null;
  return { lines: priced, itemsKobo, deliveryKobo, totalKobo, vatKobo, netKobo: vatKobo === null ? null : totalKobo - vatKobo };
}

// ---- the product page's headline price -----------------------------------------------------------

/** What a product page's headline says: one price, or the range of its options' prices before a choice. */

// The product page's headline price (a small module of its own: it runs in the browser too).
export { defaultOptionId, shownPrice, type ShownPrice } from "./option-price";
