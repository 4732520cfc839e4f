/**
 * How the trade buys a product (issue 34): the unit beside the price ("per bag"), the pack
 * ("50 kg bag"), the minimum order and step, and the volume price ladder as a small table with
 * what the first step saves ("Buy 50+ and pay ₦9,000 per bag: save ₦25,000"). Plain HTML, no
 * JavaScript; every figure from app/domain/units.ts (the one money rule's ladder).
 */
import { useTranslation } from "~/i18n/react";
import { formatNaira } from "~/domain/money";
import { formatQuantity, roundQuantity, tierSavingKobo } from "~/domain/units";

export interface TradeInfo {
  unit: string;
  pack_description: string | null;
  min_quantity: number;
  quantity_step: number;
  price_tiers: ReadonlyArray<{ min_quantity: number; price: number }>;
}

/** "per bag", "each", "per m²" in the reader's language. */
export function usePerUnit(unit: string): string {
  const { t } = useTranslation("common");
  return t(`units.per_${unit}`);
}

/** The unit beside a price, and the pack under it. */
export function UnitNote({ trade }: { trade: TradeInfo }) {
  const per = usePerUnit(trade.unit);
  return (
    <span className="text-base font-normal text-gray-700" data-testid="price-unit">
      {" "}
      {per}
      {trade.pack_description ? <span className="block text-sm text-gray-600">{trade.pack_description}</span> : null}
    </span>
  );
}

/** "Minimum order: 50, then in steps of 50" when the trade needs it. */
export function MinimumNote({ trade }: { trade: TradeInfo }) {
  const { t } = useTranslation("shop");
  if (trade.min_quantity <= 1 && trade.quantity_step === 1) return null;
  return (
    <p className="mt-1 text-sm text-gray-700" data-testid="minimum-order">
      {t("units.minOrder", { min: formatQuantity(trade.min_quantity) })}
      {trade.quantity_step !== 1 ? `, ${t("units.step", { step: formatQuantity(trade.quantity_step) })}` : null}
    </p>
  );
}

/** The ladder as a table: the single price up to the first step, then each step's price. */
export function PriceLadder({ trade, singlePrice }: { trade: TradeInfo; singlePrice: number }) {
  const { t } = useTranslation("shop");
  const per = usePerUnit(trade.unit);
  if (!trade.price_tiers.length) return null;
  const rows = [{ from: trade.min_quantity, price: singlePrice }, ...trade.price_tiers.map((r) => ({ from: r.min_quantity, price: Math.min(r.price, singlePrice) }))];
  const first = trade.price_tiers[0];
  const saving = tierSavingKobo(Math.round(singlePrice * 100), Math.round(Math.min(first.price, singlePrice) * 100), first.min_quantity) / 100;
  const gap = trade.quantity_step > 0 ? trade.quantity_step : 1;
  return (
    <section className="mt-3 rounded-lg border border-gray-200 p-3" aria-labelledby="ladder-title" data-testid="price-ladder">
      <h2 id="ladder-title" className="text-sm font-semibold">
        {t("units.ladderTitle")}
      </h2>
      <table className="mt-1 w-full text-sm">
        <thead>
          <tr className="text-left text-gray-600">
            <th scope="col" className="py-1 font-medium">
              {t("units.colQuantity")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("units.colPrice")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const next = rows[i + 1];
            const label = next
              ? t("units.rangeTo", { from: formatQuantity(r.from), to: formatQuantity(roundQuantity(next.from - Math.min(gap, 1))) })
              : t("units.rangeFrom", { from: formatQuantity(r.from) });
            return (
              <tr key={r.from} className="border-t border-gray-100">
                <td className="py-1">{label}</td>
                <td className="py-1 text-right font-semibold">
                  {formatNaira(r.price)} <span className="font-normal text-gray-600">{per}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {saving > 0 ? (
        <p className="mt-1 text-sm text-green-800" data-testid="ladder-saving">
          {t("units.save", { min: formatQuantity(first.min_quantity), price: formatNaira(Math.min(first.price, singlePrice)), per, saving: formatNaira(saving) })}
        </p>
      ) : null}
    </section>
  );
}
