/**
 * One order as the shopper sees it (spec section 2): # plus the id's first segment in capitals, the
 * date in long US format with the time zone, the total (items + shipping), the items (each with an
 * optional action, e.g. Cancel), the payment block and the shipping block. Used by the account
 * area's order page and the guest's read-only order view.
 */
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { orderDate } from "~/components/users/order-format";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import type { ApiOrder } from "~/storefront/api-types";
import { localPhone } from "./format";

type Item = ApiOrder["order_items"][number];

export const methodLabel = (m: string) =>
  m === "PayOnDelivery" ? "Pay on delivery" : "Card (Paystack)";

function ItemRow({
  i,
  itemAction,
}: {
  i: Item;
  itemAction?: (item: Item) => ReactNode;
}) {
  return (
    <li
      className="flex flex-wrap items-center gap-3 py-2"
      data-testid="order-item"
    >
      {i.image ? (
        <img
          src={`${i.image}?w=160`}
          alt=""
          width={56}
          height={56}
          className="h-14 w-14 rounded object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {i.product_id ? (
            <Link to={`/products/${i.product_id}`}>{i.product_name}</Link>
          ) : (
            i.product_name
          )}
        </p>
        {i.option_label ? (
          <p className="text-sm text-gray-700" data-testid="order-item-option">
            {i.option_label}
          </p>
        ) : null}
        <p className="text-sm text-gray-600">
          {i.quantity} × {formatNaira(i.item_price)}
          {i.status === "Cancelled" ? (
            <span
              className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800"
              data-testid="item-cancelled"
            >
              Cancelled{i.cancel_reason ? ` · ${i.cancel_reason}` : ""}
            </span>
          ) : null}
        </p>
      </div>
      <p className="font-semibold">{formatNaira(i.quantity * i.item_price)}</p>
      {itemAction ? (
        <div className="flex w-full justify-end empty:hidden sm:w-auto">
          {itemAction(i)}
        </div>
      ) : null}
    </li>
  );
}

/** The order's lines grouped by store shipment (one group, unnamed, when it has none on record). */
function shipmentGroups(order: ApiOrder) {
  const shipments = order.shipments ?? [];
  const groups = shipments.map((sh) => ({
    key: String(sh.id),
    name: shipments.length > 1 || sh.store_name ? sh.store_name : null,
    status: sh.status,
    shipping: sh.shipping_cost,
    cash: sh.cash_received,
    items: order.order_items.filter((i) => sh.items.includes(i.id)),
  }));
  const rest = order.order_items.filter(
    (i) => !shipments.some((sh) => sh.items.includes(i.id))
  );
  if (rest.length || !groups.length)
    groups.push({
      key: "rest",
      name: null,
      status: order.order_delivery_status,
      shipping: 0,
      cash: false,
      items: rest,
    });
  return groups.filter((g) => g.items.length);
}

export function OrderDetail({
  order,
  actions,
  itemAction,
}: {
  order: ApiOrder;
  actions?: ReactNode;
  itemAction?: (item: Item) => ReactNode;
}) {
  const a = order.delivery_address as Record<string, string | null | undefined>;
  const groups = shipmentGroups(order);
  return (
    <div className="space-y-4">
      <header className="rounded-lg border border-gray-200 bg-white p-4">
        <h1 className="text-xl font-bold">Order {orderNumber(order.id)}</h1>
        <p className="text-sm text-gray-600">
          Placed {orderDate(order.created_at)}
        </p>
        <p className="mt-1">
          Total amount:{" "}
          <span className="font-bold" data-testid="order-total">
            {formatNaira(order.order_total_price + order.shipping_cost)}
          </span>
        </p>
        {actions ? (
          <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
        ) : null}
      </header>
      <section
        aria-labelledby="items-h"
        className="rounded-lg border border-gray-200 bg-white p-4"
      >
        <h2 id="items-h" className="mb-2 font-semibold">
          Items
        </h2>
        {groups.map((g) => (
          <div
            key={g.key}
            className="mt-2 first:mt-0"
            data-testid="shipment"
            data-store={g.name ?? ""}
          >
            {g.name ? (
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-gray-100 pb-1 text-sm">
                <span className="font-semibold">From {g.name}</span>
                <span className="text-gray-700">
                  <span data-testid="shipment-status">{g.status}</span> ·
                  Shipping {g.shipping === 0 ? "free" : formatNaira(g.shipping)}
                  {g.cash ? " · Cash received" : ""}
                </span>
              </p>
            ) : null}
            <ul className="divide-y divide-gray-100">
              {g.items.map((i) => (
                <ItemRow key={i.id} i={i} itemAction={itemAction} />
              ))}
            </ul>
          </div>
        ))}
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <section
          aria-labelledby="pay-h"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm"
        >
          <h2 id="pay-h" className="mb-2 font-semibold">
            Payment
          </h2>
          <p>Method: {methodLabel(order.order_payment_method)}</p>
          <p>
            Status:{" "}
            <span data-testid="payment-status">
              {order.order_payment_status}
            </span>
          </p>
          <p>Items: {formatNaira(order.order_total_price)}</p>
          <p>
            Delivery:{" "}
            {order.shipping_cost === 0
              ? "Free"
              : formatNaira(order.shipping_cost)}
          </p>
        </section>
        <section
          aria-labelledby="ship-h"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm"
        >
          <h2 id="ship-h" className="mb-2 font-semibold">
            Shipping
          </h2>
          <p>
            Status:{" "}
            <span data-testid="delivery-status">
              {order.order_delivery_status}
            </span>
          </p>
          <p>
            {a.receiver_first_name} {a.receiver_last_name},{" "}
            {localPhone(a.receiver_phone_one)}
          </p>
          <p>
            {a.street_address}, {a.city}, {a.state}
            {a.zip_code ? ` ${a.zip_code}` : ""}
          </p>
        </section>
      </div>
    </div>
  );
}
