/**
 * A pro-forma invoice for an offer, or the tax invoice of the order it made (issue 35 item 3): the
 * seller (business name, RC number, address, TIN), the buyer (company, contact, site), the lines
 * with their units, delivery, VAT 7.5% (included) when the seller is VAT-registered, totals, the
 * number and the date. HTML that prints well (`print:` styles; the site's header, menus and footer
 * are hidden in print). Figures come from the loader (the API's, by the one money rule); nothing is
 * added up here. Labels `quotes:invoice.*`.
 */
import { useTranslation } from "~/i18n/react";
import { formatDate, formatDay } from "~/i18n/dates";
import { formatNaira } from "~/domain/money";
import { formatQuantity } from "~/domain/units";
import type { InvoiceData } from "~/storefront/invoice-types";

export function Invoice({ d }: { d: InvoiceData }) {
  const { t } = useTranslation("quotes");
  return (
    <article
      className="mx-auto max-w-3xl space-y-4 rounded-lg border border-gray-200 bg-white p-4 text-sm print:max-w-none print:border-0 print:p-0"
      data-testid="invoice"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold">
            {t(d.kind === "tax" ? "invoice.tax" : "invoice.proforma")}
          </h1>
          <p>
            {t("invoice.number")}:{" "}
            <span className="font-semibold" data-testid="invoice-number">
              {d.number}
            </span>
          </p>
          {d.offerNumber ? (
            <p>
              {t("invoice.offer_number")}: {d.offerNumber}
            </p>
          ) : null}
          <p>
            {t("invoice.date")}: {formatDate(d.issuedAt, t, "date")}
          </p>
          {d.validUntil ? (
            <p>
              {t("invoice.valid_until")}: {formatDate(d.validUntil, t)}
            </p>
          ) : null}
          <p>
            {t("invoice.delivery_date")}: {formatDay(d.deliveryDate, t)}
          </p>
        </div>
        <div className="text-right">
          <p className="font-semibold" data-testid="invoice-seller">
            {d.seller.business_name}
          </p>
          {d.seller.rc_number ? (
            <p>{t("invoice.rc", { number: d.seller.rc_number })}</p>
          ) : null}
          {d.seller.address ? (
            <p>
              {[d.seller.address, d.seller.state].filter(Boolean).join(", ")}
            </p>
          ) : null}
          <p className="break-all">{[d.seller.phone, d.seller.email].filter(Boolean).join(" · ")}</p>
          {d.seller.tin ? (
            <p>{t("invoice.tin", { tin: d.seller.tin })}</p>
          ) : null}
        </div>
      </header>
      <section aria-labelledby="bill-to">
        <h2 id="bill-to" className="font-semibold">
          {t("invoice.bill_to")}
        </h2>
        {d.buyer.company_name ? (
          <p className="font-semibold" data-user-text>
            {d.buyer.company_name}
          </p>
        ) : null}
        <p data-user-text>{d.buyer.name}</p>
        <p className="break-all">{[d.buyer.phone, d.buyer.email].filter(Boolean).join(" · ")}</p>
        <p data-user-text>{t("invoice.deliver_to", { site: d.buyer.site })}</p>
      </section>
      <table className="w-full text-left">
        <thead>
          <tr className="border-b border-gray-300 text-xs">
            <th className="py-1">{t("invoice.product")}</th>
            <th className="py-1 text-right">{t("invoice.qty")}</th>
            <th className="py-1 text-right">{t("invoice.unit_price")}</th>
            <th className="py-1 text-right">{t("invoice.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l, i) => (
            <tr key={i} className="border-b border-gray-100 align-top">
              <td className="py-1">{l.name}</td>
              <td className="py-1 text-right">{formatQuantity(l.quantity)}</td>
              <td className="py-1 text-right">
                {formatNaira(l.unitPrice)} {t(`common:units.per_${l.unit}`)}
              </td>
              <td className="py-1 text-right">{formatNaira(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{t("invoice.items")}</dt>
        <dd className="text-right">{formatNaira(d.items)}</dd>
        <dt>{t("invoice.delivery")}</dt>
        <dd className="text-right">{formatNaira(d.delivery)}</dd>
        {d.net !== null ? (
          <>
            <dt>{t("invoice.net")}</dt>
            <dd className="text-right" data-testid="invoice-net">
              {formatNaira(d.net)}
            </dd>
            <dt>{t("invoice.vat")}</dt>
            <dd className="text-right" data-testid="invoice-vat">
              {formatNaira(d.vat ?? 0)}
            </dd>
          </>
        ) : null}
        <dt className="font-bold">{t("invoice.total")}</dt>
        <dd className="text-right font-bold" data-testid="invoice-total">
          {formatNaira(d.total)}
        </dd>
      </dl>
      <p className="text-xs text-gray-700">
        {d.vat !== null ? t("invoice.vat_note") : t("invoice.no_vat")}
      </p>
    </article>
  );
}
