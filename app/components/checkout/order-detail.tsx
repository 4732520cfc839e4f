/**
 * One order as the shopper sees it (spec section 2): # plus the id's first segment in capitals, the
 * date in long US format with the time zone, the total (items + shipping), the items grouped by the
 * store that ships them (its shipment's status and fee; each line with an optional action, e.g.
 * Cancel, and on delivery "Rate this product" / "Ask for a return"), the payment block and the
 * shipping block. Used by the account
 * area's order page and the guest's read-only order view.
 */
import { useTranslation } from "~/i18n/react";
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { orderDate } from "~/components/users/order-format";
import { formatNaira } from "~/domain/money";
import { deliveryProgressOf, orderNumber, payAtDoorPath } from "~/domain/order-rules";
import type { ApiOrder } from "~/storefront/api-types";
import { AddressLines } from "~/components/ui/address-lines";
import { OrderItemSummary } from "~/components/users/order-item";
import { cancelReasonLabel, statusLabel } from "~/components/users/order-status";
import { localPhone } from "./format";
import { payableShipment } from "./order-rules";
import { ShipmentArrangement } from "~/components/slots/arrangement";

type Item = ApiOrder["order_items"][number];


/**
 * What a delivered line offers: "Rate this product" (a signed-in buyer: `rate`) and
 * "Ask for a return" (`returnHref` answers the return page of an item still in its window, else null).
 */
export interface DeliveredLinks {
  rate?: boolean;
  returnHref?: (item: Item) => string | null;
}

/** The order's lines grouped by store shipment, each with its store, status and shipping (one unnamed group without shipments). */
function shipmentGroups(order: ApiOrder) {
  const shipments = order.shipments ?? [];
  const groups = shipments.map((sh) => ({
    key: String(sh.id),
    name: sh.store_name,
    status: sh.status,
    shipping: sh.shipping_cost,
    itemsTotal: sh.items_total,
    total: sh.total,
    active: sh.active_items > 0,
    cash: sh.cash_received,
    transfer: sh.paid_by_transfer,
    /** Pay on delivery, still to pay: its id for "Pay ₦X now by bank transfer". */
    payId: payableShipment(order, sh) ? sh.id : null,
    /** Pay on delivery, on its way: the code to give the rider (the buyer's answer only). */
    code: sh.delivery_code ?? null,
    items: order.order_items.filter((i) => sh.items.includes(i.id)),
    /** Issue 35 item 5: the delivery day booked, or the yard to collect from. */
    arrangement: { delivery_slot: sh.delivery_slot ?? null, collection: sh.collection ?? null },
  }));
  const rest = order.order_items.filter((i) => !shipments.some((sh) => sh.items.includes(i.id)));
  if (rest.length) groups.push({ key: "rest", name: "", status: order.order_delivery_status, shipping: 0, itemsTotal: 0, total: 0, active: false, cash: false, transfer: false, payId: null, code: null, items: rest, arrangement: { delivery_slot: null, collection: null } });
  return groups.filter((g) => g.items.length);
}

/** An Active line whose store's shipment was delivered. */
const delivered = (i: Item) => i.status === "Active" && i.shipment_status === "Delivered";

export function OrderDetail({
  order,
  actions,
  itemAction,
  deliveredLinks,
  guestToken,
}: {
  order: ApiOrder;
  actions?: ReactNode;
  itemAction?: (item: Item) => ReactNode;
  deliveredLinks?: DeliveredLinks;
  /** A guest's order token: the pay-at-the-door form carries it. */
  guestToken?: string | null;
}) {
  const a = order.delivery_address as Record<string, string | null | undefined>;
  const groups = shipmentGroups(order);
  const { t } = useTranslation("orders");
  // Shipments at different steps: how many are delivered, not the least advanced step alone.
  const progress = deliveryProgressOf(order.shipments ?? []);
  const progressText = progress?.kind === "mixed" ? t("deliveriesDone", { done: progress.delivered, count: progress.count }) : statusLabel(t, order.order_delivery_status);
  return (
    <div className="space-y-4">
      <header className="rounded-lg border border-gray-200 bg-white p-4">
        <h1 className="text-xl font-bold">{t("heading", { number: orderNumber(order.id) })}</h1>
        <p className="text-sm text-gray-600">{t("placedOn", { date: orderDate(order.created_at, t) })}</p>
        <p className="mt-1">
          {t("totalAmount")} <span className="font-bold" data-testid="order-total">{formatNaira(order.total)}</span>
        </p>
        {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      <section aria-labelledby="items-h" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="items-h" className="mb-2 font-semibold">
          {t("items")}
        </h2>
        {groups.map((g) => (
          <div key={g.key} className="mt-3 first:mt-0" data-testid="shipment" data-store={g.name ?? ""}>
            {g.name ? (
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-gray-100 pb-1 text-sm">
                <span className="font-semibold">{t("from", { store: g.name })}</span>
                <span className="text-gray-700">
                  <span data-testid="shipment-status">{statusLabel(t, g.status)}</span> · {t("shippingFee", { fee: g.shipping === 0 ? t("free") : formatNaira(g.shipping) })}
                  {g.cash ? ` · ${t("cashReceived")}` : ""}
                  {g.transfer ? <span data-testid="shipment-paid-transfer">{` · ${t("paidByTransfer")}`}</span> : null}
                </span>
                {g.active ? (
                  <span className="w-full text-gray-800" data-testid="shipment-total">
                    {t("shipmentSum", { items: formatNaira(g.itemsTotal), fee: g.shipping === 0 ? t("free") : formatNaira(g.shipping), total: formatNaira(g.total) })}
                  </span>
                ) : null}
              </p>
            ) : null}
            <ShipmentArrangement shipment={g.arrangement} />
            {g.code ? <DeliveryCode code={g.code} /> : null}
            {g.payId !== null ? (
              // A plain form: the transfer page it leads to is always lite (a whole page load), with JavaScript too.
              <form method="post" action={payAtDoorPath(order.id, g.payId, guestToken)} className="mt-2">
                <button type="submit" name="intent" value="transfer" className="btn-outline w-full sm:w-auto" data-testid="pay-shipment">
                  {t("payShipment", { amount: formatNaira(g.total) })}
                </button>
              </form>
            ) : null}
            <ul className="divide-y divide-gray-100">
              {g.items.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="order-item">
                  <OrderItemSummary image={i.image} name={i.product_name} productId={i.product_id} option={i.option_label}>
                    {i.quantity} × {formatNaira(i.item_price)} <span data-testid="order-item-unit">{t(`units.per_${i.unit}`, { ns: "common" })}</span>
                    {i.status === "Cancelled" ? (
                      <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800" data-testid="item-cancelled">
                        {statusLabel(t, "Cancelled")}{i.cancel_reason ? ` · ${cancelReasonLabel(t, i.cancel_reason)}` : ""}
                      </span>
                    ) : null}
                  </OrderItemSummary>
                  <p className="font-semibold">{formatNaira(i.line_total)}</p>
                  {itemAction ? <div className="flex w-full justify-end empty:hidden sm:w-auto">{itemAction(i)}</div> : null}
                  {deliveredLinks && delivered(i) ? <DeliveredLineLinks item={i} links={deliveredLinks} /> : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="pay-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          <h2 id="pay-h" className="mb-2 font-semibold">
            {t("payment")}
          </h2>
          <p>{t("method", { method: order.order_payment_method === "PayOnDelivery" ? t("methodDelivery") : t("methodCard") })}</p>
          <p>
            {t("statusLabel")} <span data-testid="payment-status">{statusLabel(t, order.order_payment_status)}</span>
          </p>
          <p>{t("itemsTotal", { amount: formatNaira(order.order_total_price) })}</p>
          <p>{t("delivery", { amount: order.shipping_cost === 0 ? t("freeCap") : formatNaira(order.shipping_cost) })}</p>
        </section>
        <section aria-labelledby="ship-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          <h2 id="ship-h" className="mb-2 font-semibold">
            {t("shipping")}
          </h2>
          <p>
            {t("statusLabel")} <span data-testid="delivery-status">{progressText}</span>
          </p>
          <p>
            {a.receiver_first_name} {a.receiver_last_name}, {localPhone(a.receiver_phone_one)}
          </p>
          <p data-testid="order-address">
            <AddressLines address={a} />
          </p>
        </section>
      </div>
    </div>
  );
}

/** The shipment's delivery code, large and in two pairs (read out at the door), with what to do with it. */
function DeliveryCode({ code }: { code: string }) {
  const { t } = useTranslation("orders");
  return (
    <div className="mt-2 rounded-md border border-orange-200 bg-brand-50 px-3 py-2" data-testid="delivery-code">
      <p className="text-sm font-semibold">{t("deliveryCode")}</p>
      <p className="font-mono text-3xl font-bold tracking-[0.25em]" data-testid="delivery-code-digits" aria-label={code.split("").join(" ")}>
        {`${code.slice(0, 2)} ${code.slice(2)}`}
      </p>
      <p className="text-sm text-gray-700">{t("deliveryCodeHint")}</p>
    </div>
  );
}

function DeliveredLineLinks({ item, links }: { item: Item; links: DeliveredLinks }) {
  const returnHref = links.returnHref?.(item) ?? null;
  const rate = links.rate && item.product_id !== null;
  const { t } = useTranslation("orders");
  if (!rate && !returnHref) return null;
  return (
    <div className="flex w-full flex-wrap justify-end gap-2" data-testid="delivered-links">
      {rate ? (
        <Link to={`/products/${item.product_id}/reviews#write-review`} className="btn-outline px-3 py-1.5" aria-label={t("rateLabel", { name: item.product_name })}>
          {t("rate")}
        </Link>
      ) : null}
      {returnHref ? (
        <Link to={returnHref} className="btn-outline px-3 py-1.5" aria-label={t("returnLabel", { name: item.product_name })}>
          {t("askReturn")}
        </Link>
      ) : null}
    </div>
  );
}
