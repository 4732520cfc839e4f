/**
 * The dashboard's daily sales chart: bars drawn on the server as SVG (readable without
 * JavaScript), with a title and summary for screen readers, a tooltip title per bar, and the same
 * figures as a table under a <details>. Texts: `seller:chart`, dates in the reader's language.
 */
import { formatNaira } from "~/domain/money";
import { formatDay } from "~/i18n/dates";
import { useTranslation } from "~/i18n/react";

export interface DailySales {
  date: string;
  sales: number;
  orders: number;
}

const W = 600;
const H = 180;
const PAD = { top: 12, right: 8, bottom: 30, left: 8 };


export function SalesChart({ days }: { days: DailySales[] }) {
  const { t } = useTranslation("seller");
  const shortDate = (d: string) => formatDay(d, t, { weekday: false });
  const max = Math.max(0, ...days.map((d) => d.sales));
  const total = days.reduce((s, d) => s + d.sales, 0);
  const best = days.reduce<DailySales | null>((b, d) => (d.sales > 0 && (!b || d.sales > b.sales) ? d : b), null);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.7);
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;
  const summary = best
    ? t("chart.summary", { total: formatNaira(total), n: days.length, date: shortDate(best.date), amount: formatNaira(best.sales) })
    : t("chart.summaryNone", { n: days.length });
  return (
    <figure className="rounded-lg border border-gray-200 bg-white p-3">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{t("chart.title", { n: days.length })}</span>
        <span className="text-xs text-gray-600">{t("chart.highest", { amount: formatNaira(max) })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="sales-chart-title sales-chart-desc" data-testid="sales-chart">
        <title id="sales-chart-title">{t("chart.title", { n: days.length })}</title>
        <desc id="sales-chart-desc">{summary}</desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#d1d5db" strokeWidth="1" />
        {days.map((d, i) => {
          const h = max > 0 ? (d.sales / max) * innerH : 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <rect key={d.date} x={x} y={H - PAD.bottom - h} width={barW} height={Math.max(h, d.sales > 0 ? 1 : 0)} rx="1.5" fill="#c2410c">
              <title>{t("chart.bar", { date: shortDate(d.date), amount: formatNaira(d.sales), count: d.orders })}</title>
            </rect>
          );
        })}
        {first ? (
          <text x={PAD.left} y={H - 4} fontSize="20" fill="#4b5563">
            {shortDate(first)}
          </text>
        ) : null}
        {last ? (
          <text x={W - PAD.right} y={H - 4} fontSize="20" fill="#4b5563" textAnchor="end">
            {shortDate(last)}
          </text>
        ) : null}
      </svg>
      <p className="mt-1 text-xs text-gray-600">{summary}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">{t("chart.table")}</summary>
        <table className="mt-2 w-full text-left text-xs">
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1">{t("chart.day")}</th>
              <th scope="col" className="py-1 text-right">{t("chart.orders")}</th>
              <th scope="col" className="py-1 text-right">{t("chart.sales")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-b border-gray-100">
                <td className="py-0.5">{shortDate(d.date)}</td>
                <td className="py-0.5 text-right">{d.orders}</td>
                <td className="py-0.5 text-right">{formatNaira(d.sales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
