/** The returns of an order, on the member's and the guest's order pages. */
import { useTranslation } from "~/i18n/react";
import { orderDate } from "~/components/users/order-format";
import { returnReasonLabel, returnStatusLabel } from "~/components/users/order-status";
import type { ApiReturn } from "~/storefront/api-types";

/**
 * Each return of the order: its status, the dates of its steps, the shopper's photo and the
 * seller's message. The photo comes through /return-photo/… (the buyer's session, or a guest
 * order's `token`), never a public address.
 */
export function OrderReturns({ returns, token }: { returns: ApiReturn[]; token?: string | null }) {
  const { t } = useTranslation("orders");
  return (
    <section aria-labelledby="returns-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
      <h2 id="returns-h" className="mb-2 font-semibold">
        {t("returns.title")}
      </h2>
      <ul className="divide-y divide-gray-100">
        {returns.map((r) => (
          <li key={r.id} className="py-2" data-testid="order-return">
            <p className="font-medium">
              {r.product_name}: <span data-testid="return-status">{returnStatusLabel(t, r.status)}</span>
            </p>
            <p className="text-gray-600">
              {t("returns.requested", { date: orderDate(r.requested_at, t) })} · {returnReasonLabel(t, r.reason)}
            </p>
            {r.decided_at ? <p className="text-gray-600">{t(r.status === "refused" ? "returns.refused" : "returns.accepted", { date: orderDate(r.decided_at, t) })}</p> : null}
            {r.photo ? (
              <img
                src={`/return-photo/order/${r.order_id}/${r.id}?w=160${token ? `&t=${encodeURIComponent(token)}` : ""}`}
                alt={t("returns.photoAlt", { product: r.product_name })}
                width={96}
                height={96}
                className="my-1 h-24 w-24 rounded object-cover"
              />
            ) : null}
            {r.vendor_message ? <p data-testid="return-message">{t("returns.sellerSays", { message: r.vendor_message })}</p> : null}
            {r.status === "accepted" ? (
              <p>{t(r.payment_method === "CardPayment" ? "returns.refundCard" : "returns.refundPod")}</p>
            ) : null}
            {r.refunded_at ? <p className="text-gray-600">{t("returns.refunded", { date: orderDate(r.refunded_at, t) })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
