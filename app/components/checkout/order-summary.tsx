/**
 * The checkout's order summary: the items under their store's name (each store ships its own
 * items, with its own shipping fee for the chosen state, and its total), subtotal, shipping, total.
 * Every figure is the API's quote (the one money rule, app/domain/pricing.ts); without a state
 * there is no shipping figure and the total reads "₦X + delivery".
 */
import { useTranslation } from "~/i18n/react";
import type { ReactNode } from "react";
import { formatNaira } from "~/domain/money";
import { stateName } from "~/domain/state-name";

export interface SummaryLine {
  productId: number;
  name: string;
  price: number;
  quantity: number;
  /** The line's total (naira). */
  lineTotal: number;
  image: string | null;
  storeId?: number | null;
  storeName?: string | null;
  /** The unit it is sold per ("per bag" beside the price). */
  unit?: string;
}

/** The quote for the chosen state (naira): each store's shipment, their fees' sum and the order's total. */
export interface SummaryShipping {
  total: number;
  orderTotal: number;
  stores: { store: number | null; storeName: string; storeState: string | null; shipping: number; total: number }[];
}

interface StoreGroup {
  key: string;
  store: number | null;
  name: string | null;
  lines: SummaryLine[];
}

/** Lines by store, in the order the stores first appear. */
function byStore(lines: SummaryLine[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const l of lines) {
    const key = String(l.storeId ?? "none");
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, store: l.storeId ?? null, name: l.storeName ?? null, lines: [] }));
    g.lines.push(l);
  }
  return [...groups.values()];
}

export function CheckoutSummary({
  lines,
  subtotal,
  shipping,
  state,
  children,
}: {
  lines: SummaryLine[];
  subtotal: number;
  /** Null: not quoted yet (no address/state chosen). */
  shipping: SummaryShipping | null;
  state: string | null;
  children?: ReactNode;
}) {
  const groups = byStore(lines);
  const several = groups.length > 1;
  const { t } = useTranslation("checkout");
  const fee = (naira: number) => (naira === 0 ? t("summary.free") : formatNaira(naira));
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-lg border border-gray-200 bg-white p-4 lg:sticky lg:top-20">
      <h2 id="summary-heading" className="text-lg font-bold">
        {t("summary.heading")}
      </h2>
      {groups.map((g) => {
        const quote = shipping?.stores.find((s) => s.store === g.store);
        const headingId = `summary-store-${g.key}`;
        return (
          <section key={g.key} aria-labelledby={g.name ? headingId : undefined} className="mt-3" data-testid="checkout-store">
            {g.name ? (
              <h3 id={headingId} className="text-sm font-semibold text-gray-800" data-testid="checkout-store-name">
                {several ? t("summary.shipmentFrom", { store: g.name }) : t("summary.from", { store: g.name })}
              </h3>
            ) : null}
            <ul className="divide-y divide-gray-100" aria-label={g.name ? t("summary.itemsFrom", { store: g.name }) : t("summary.itemsInOrder")}>
              {g.lines.map((l) => (
                <li key={l.productId} className="flex items-center gap-3 py-2" data-testid="checkout-line">
                  {l.image ? <img src={`${l.image}?w=160`} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-cover" /> : null}
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="line-clamp-2 font-medium">{l.name}</p>
                    <p className="text-gray-600">
                      {l.quantity} × {formatNaira(l.price)} {l.unit ? <span data-testid="checkout-line-unit">{t(`units.per_${l.unit}`, { ns: "common" })}</span> : null}
                    </p>
                  </div>
                  <p className="text-sm font-semibold" data-testid="checkout-line-total">{formatNaira(l.lineTotal)}</p>
                </li>
              ))}
            </ul>
            {several && quote ? (
              <>
                <p className="flex justify-between gap-2 text-sm text-gray-700" data-testid="checkout-store-shipping">
                  <span>{quote.storeState ? t("summary.shippingFrom", { state: stateName(quote.storeState) }) : t("summary.shipping")}</span>
                  <span>{fee(quote.shipping)}</span>
                </p>
                <p className="flex justify-between gap-2 text-sm font-semibold" data-testid="checkout-store-total">
                  <span>{t("summary.shipmentTotal")}</span>
                  <span>{formatNaira(quote.total)}</span>
                </p>
              </>
            ) : null}
          </section>
        );
      })}
      <dl className="mt-3 space-y-2 border-t border-gray-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>{t("summary.subtotal")}</dt>
          <dd data-testid="checkout-subtotal">{formatNaira(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>
            {state ? t("summary.shippingTo", { state }) : t("summary.shipping")}
            {several && shipping ? <span className="text-gray-600"> ({t("summary.stores", { count: groups.length })})</span> : null}
          </dt>
          <dd data-testid="checkout-shipping" className="text-right">
            {shipping === null ? <span className="text-gray-600">{t("summary.chooseState")}</span> : fee(shipping.total)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="checkout-total">{shipping ? formatNaira(shipping.orderTotal) : t("summary.plusDelivery", { total: formatNaira(subtotal) })}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
