/**
 * /stores/{slug}/orders/{orderId} — one order as the store sees it (spec sections 2 and 4): Order
 * ID (first segment in capitals), Order Date, Total Amount (the store's shipment: its items and its
 * shipping, the one figure the shopper's page and messages show for this store), the items, the
 * delivery address, payment status and method, the status history with dates, and ONE button that
 * moves THIS STORE'S shipment to its next delivery status (Confirmed, Shipped, Delivered); other
 * stores of the same order move their own. Pay on delivery: "Cash received" (with Delivered, one
 * click, when the shipment is out). Plain POSTs (work without JavaScript); the API decides (one step
 * at a time, never back) and its refusal is shown.
 *
 * A pay-on-delivery shipment on its way is Delivered only with the shopper's 4-digit delivery code
 * (docs/decisions/0025-delivery-code.md): one form with the code and two buttons (delivered with
 * the cash, or delivered alone); a wrong code's message shows next to the field with what was
 * typed kept, and the tries left; after 5 wrong ones the page says an admin must unlock it. The
 * page never has the code itself (the API does not give it to the store).
 */
import { arrangementOf } from "~/storefront/slots.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { island, islandsLoader } from "~/components/ui/island";
import type { Reply } from "~/components/ui/reply-form";
import { DeliveryCodeFormSchema, parseWithZod } from "~/storefront/forms.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { localPhone } from "~/components/checkout/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddressLines } from "~/components/ui/address-lines";
import { primaryButton } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDate } from "~/i18n/dates";
import { formatQuantity, isUnit } from "~/domain/units";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import type { ApiClaimPage, ApiStoreOrder } from "~/storefront/api-types";
import { apiMessage } from "~/storefront/form-reply";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";
import { useTranslation, type TFunction } from "~/i18n/react";
import { stateName } from "~/domain/state-name";

export const handle = { i18n: ["orders"] };

/** The delivery-code form (conform) comes on demand: a plain POST until its code arrives (../../components/ui/island.tsx). */
const DeliveryCodeForm = island(() => import("~/components/vendor/delivery-code-form").then((m) => ({ default: m.DeliveryCodeForm })));
export const clientLoader = islandsLoader(DeliveryCodeForm);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const orderId = params.orderId ?? "";
  if (!UUID_RE.test(orderId)) throw new Response("Not Found", { status: 404 });
  const order = await api.must(api.get<ApiStoreOrder>(`/orders/${store.id}/store/${orderId}/`));
  // Claims on the store's lines of this order (issue 36 item 5): their threads are on the claims page.
  const claims = await api.get<ApiClaimPage>(`/stores/${store.id}/claims/?order=${orderId}&page_size=1`);
  const t = await requestT(request, "seller");
  // Issue 35 item 5: the delivery day booked (as text, in the reader's words) or the yard to collect from.
  const arrangement = arrangementOf(order.shipments[0], await requestT(request, "orders"));
  return data({ slug: store.slug, order, arrangement, claims: claims.ok ? claims.data.count : 0, title: t("order.title", { number: orderNumber(order.id) }) }, { headers: await api.headers() });
}

/**
 * An API refusal in the store's language (issue 38): the API answers its clients in English, the
 * page says the message through its `forms` key, with a shipment's statuses in its place
 * ("This shipment is {{current}}...") worded by `orders:status`. Unknown messages stay as they came.
 */
async function sayRefusal(request: Request, message: string): Promise<string> {
  const o = await requestT(request, "orders");
  return requestFormMessage(request, message, (name, value) => (name === "current" || name === "next" ? o(`status.${value}`, { defaultValue: value }) : value));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "advance" && intent !== "cash" && intent !== "deliver" && intent !== "deliver-cash" && intent !== "refused") throw unknownIntent();
  const orderId = params.orderId ?? "";
  if (!UUID_RE.test(orderId)) throw new Response("Not Found", { status: 404 });
  if (intent === "deliver" || intent === "deliver-cash") return deliverWithCode(request, api, store, orderId, form, intent);
  const status = String(form.get("status") ?? "").slice(0, 20);
  const r =
    intent === "cash"
      ? await api.post<ApiStoreOrder>(`/orders/${store.id}/store/${orderId}/cash/`, {})
      : intent === "refused"
        ? await api.post<ApiStoreOrder>(`/orders/${store.id}/store/${orderId}/refused/`, {})
        : await api.patch<ApiStoreOrder>(`/orders/${store.id}/store/${orderId}/status/`, { status });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  const t = await requestT(request, "seller");
  if (!r.ok) {
    const said = r.status >= 500 ? "" : apiMessage(r.data, "");
    const message = said ? await sayRefusal(request, said) : t(r.status >= 500 ? "order.serverError" : "order.notMoved");
    return data({ error: message, result: null }, { status: r.status >= 500 ? 502 : r.status, headers: await api.headers() });
  }
  const o = await requestT(request, "orders");
  const number = orderNumber(orderId);
  const said = { number, status: o(`status.${r.data.order_delivery_status}`), payment: o(`status.${r.data.order_payment_status}`) };
  return redirectWithFlash(api, `/stores/${store.slug}/orders/${orderId}`, {
    kind: "success",
    message: intent === "cash" ? t("order.flashCash", said) : intent === "refused" ? t("order.flashRefused", said) : t("order.flashMoved", said),
  });
}

/** The delivery-code form: Delivered (with the cash, or alone) with the shopper's code; a refusal next to the field, what was typed kept. */
async function deliverWithCode(
  request: Request,
  api: Awaited<ReturnType<typeof requireStoreArea>>["api"],
  store: { id: number; slug: string },
  orderId: string,
  form: FormData,
  intent: "deliver" | "deliver-cash",
) {
  const submission = parseWithZod(form, { schema: DeliveryCodeFormSchema });
  if (submission.status !== "success") return data({ error: null, result: submission.reply() as Reply }, { status: 400, headers: await api.headers() });
  const code = submission.value.delivery_code;
  const r =
    intent === "deliver-cash"
      ? await api.post<ApiStoreOrder>(`/orders/${store.id}/store/${orderId}/cash/`, { delivery_code: code })
      : await api.patch<ApiStoreOrder>(`/orders/${store.id}/store/${orderId}/status/`, { status: "Delivered", delivery_code: code });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok) {
    const refused = apiErrorsToReply(r.status, r.data, ["delivery_code"], (await requestT(request, "seller"))("order.notDelivered"));
    const say = (list: string[]) => Promise.all(list.map((m) => sayRefusal(request, m)));
    const field = refused.fieldErrors.delivery_code;
    const fieldErrors: Record<string, string[]> = field ? { delivery_code: await say(field) } : {};
    const reply = { formErrors: await say(refused.formErrors), fieldErrors };
    return data({ error: null, result: submission.reply(reply) as Reply }, { status: r.status >= 500 ? 502 : r.status === 409 ? 409 : 400, headers: await api.headers() });
  }
  const t = await requestT(request, "seller");
  const o = await requestT(request, "orders");
  const said = { number: orderNumber(orderId), payment: o(`status.${r.data.order_payment_status}`) };
  return redirectWithFlash(api, `/stores/${store.slug}/orders/${orderId}`, {
    kind: "success",
    message: intent === "deliver-cash" ? t("order.flashDeliveredCash", said) : t("order.flashDelivered", said),
  });
}

/** The status history's events (seller:order.event), the kind itself when a new one has no words yet. */
const EVENT_KINDS = new Set(["placed", "paid", "confirmed", "shipped", "delivered", "cancelled", "refunded"]);
const eventLabel = (t: TFunction, kind: string) => (EVENT_KINDS.has(kind) ? t(`order.event.${kind}`) : kind);

export default function StoreOrderRoute() {
  const { slug, order, claims, arrangement } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "advance";
  const cashBusy = navigation.state !== "idle" && navigation.formData?.get("intent") === "cash";
  const pod = order.order_payment_method === "PayOnDelivery";
  const shipment = order.shipments[0];
  const a = order.delivery_address as Record<string, string | null | undefined>;
  const itemName = new Map(order.order_items.map((i) => [i.id, i.product_name]));
  const { t } = useTranslation("seller");
  const { t: o } = useTranslation("orders");
  const { t: tc } = useTranslation("common");
  return (
    <section className="space-y-4" aria-labelledby="order-h">
      <Link to={`/stores/${slug}/orders/history`} className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("ordersList.title")}
      </Link>
      {claims ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <Link to={`/stores/${slug}/orders/${order.id}/claims`} className="font-semibold text-brand-700 hover:underline">
            {o("claims.storeLink")} ({claims})
          </Link>
        </p>
      ) : null}
      <header className="rounded-lg border border-gray-200 bg-white p-4">
        <h1 id="order-h" className="text-xl font-bold">
          {t("order.idLabel")} <span data-testid="order-number">{orderNumber(order.id)}</span>
        </h1>
        <p className="text-sm text-gray-600">{t("order.date", { date: formatDate(order.created_at, t) })}</p>
        {/* One amount for the shipment: items + its shipping, the figure the shopper's page and messages show for this store. */}
        <p className="mt-1">
          {t("order.total")} <span className="font-bold" data-testid="store-total">{formatNaira(order.total)}</span>
        </p>
        <p className="text-sm text-gray-700" data-testid="store-total-parts">
          {t(shipment ? "order.partsFrom" : "order.parts", {
            items: formatNaira(order.store_total),
            shipping: order.shipping_cost === 0 ? t("order.free") : formatNaira(order.shipping_cost),
            state: stateName(shipment?.origin_state ?? "Lagos"),
          })}
        </p>
        <p className="mt-1 text-sm">
          {t("order.shipment")} <span className="font-semibold" data-testid="delivery-status">{o(`status.${order.order_delivery_status}`)}</span>
        </p>
        {arrangement.slot ? (
          <p className="mt-1 text-sm" data-testid="delivery-slot">
            {o("slots.deliveryDay")} <span className="font-semibold">{arrangement.slot}</span>
          </p>
        ) : null}
        {arrangement.collection ? (
          <p className="mt-1 text-sm" data-testid="collect-from-yard">
            {o("slots.collectTitle")}: <span data-user-text>{arrangement.collection.address}</span> · <span data-user-text>{arrangement.collection.hours}</span>
          </p>
        ) : null}
        {pod ? (
          <p className="mt-1 text-sm font-semibold" data-testid="cash-status">
            {shipment?.paid_by_transfer
              ? t("order.paidTransfer", { amount: formatNaira(order.total) })
              : shipment?.cash_received
                ? t("order.cashReceivedAmount", { amount: formatNaira(order.total) })
                : t("order.collect", { amount: formatNaira(order.total) })}
          </p>
        ) : (
          <p className="mt-1 text-sm" data-testid="cash-status">
            {order.order_payment_status === "Pending" ? t("order.cardPending") : t("order.cardPaid")}
          </p>
        )}
        {actionData?.error ? (
          <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="advance-error">
            {actionData.error}
          </p>
        ) : null}
        {order.delivery_code_locked ? (
          <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="delivery-code-locked">
            {t("order.locked")}
          </p>
        ) : order.delivery_code_required ? (
          <DeliveryCodeForm triesLeft={order.delivery_code_tries_left} total={order.total} paid={!!shipment?.paid_by_transfer} result={actionData?.result ?? null} />
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {order.next_status && !order.delivery_code_required && !order.delivery_code_locked ? (
            <Form method="post">
              <input type="hidden" name="status" value={order.next_status} />
              <button type="submit" name="intent" value="advance" className={primaryButton} disabled={busy}>
                {busy ? <Spinner /> : null}
                {t(`order.markAs.${order.next_status}`)}
              </button>
            </Form>
          ) : null}
          {order.can_record_cash && !order.delivery_code_required && !order.delivery_code_locked ? (
            <Form method="post">
              <button type="submit" name="intent" value="cash" className={primaryButton} disabled={cashBusy} data-testid="cash-received">
                {cashBusy ? <Spinner /> : null}
                {order.order_delivery_status === "Shipped" ? t("order.deliveredCash") : t("order.cashReceived")}
              </button>
            </Form>
          ) : null}
        </div>
        {order.can_mark_refused ? (
          // Pay on delivery, out for delivery, nothing paid: the buyer would not take it or pay (issue 36 item 6).
          <details className="mt-3 rounded-md border border-gray-200 p-3 text-sm" data-testid="refused-at-door">
            <summary className="cursor-pointer font-semibold text-brand-700">{t("order.refusedAsk")}</summary>
            <p className="mt-2 text-gray-700">{t("order.refusedHint")}</p>
            <Form method="post" className="mt-2">
              <button type="submit" name="intent" value="refused" className="min-h-11 rounded-md border border-red-300 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50">
                {t("order.refusedButton")}
              </button>
            </Form>
          </details>
        ) : null}
        {order.refused_at ? (
          <p className="mt-3 text-sm font-semibold text-red-800" data-testid="refused-note">
            {t("order.refusedNote", { date: formatDate(order.refused_at, t) })}
          </p>
        ) : !order.next_status && !order.can_record_cash && !order.delivery_code_locked ? (
          <p className="mt-3 text-sm text-green-800">{t("order.nothingMore")}</p>
        ) : null}
      </header>
      <section aria-labelledby="items-h" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="items-h" className="mb-2 font-semibold">
          {t("order.items")}
        </h2>
        <ul className="divide-y divide-gray-100">
          {order.order_items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="order-item">
              {i.image ? <img src={`${i.image}?w=160`} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" /> : null}
              <div className="min-w-0 flex-1">
                <p className="font-medium">{i.product_name}</p>
                {i.option_label ? (
                  <p className="text-sm font-semibold text-gray-800" data-testid="order-item-option">
                    {i.option_label}
                  </p>
                ) : null}
                <p className="text-sm text-gray-600">
                  {o("quantity", { quantity: formatQuantity(i.quantity) })} · {formatNaira(i.item_price)} {tc(`units.per_${isUnit(i.unit) ? i.unit : "piece"}`)}
                  {i.status === "Cancelled" ? (
                    <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">
                      {o("status.Cancelled")}
                      {i.cancel_reason ? ` · ${o(`cancelReason.${i.cancel_reason}`, { defaultValue: i.cancel_reason })}` : ""}
                    </span>
                  ) : null}
                </p>
              </div>
              <p className="font-semibold">{formatNaira(i.line_total)}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="ship-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          <h2 id="ship-h" className="mb-2 font-semibold">
            {t("order.address")}
          </h2>
          <p>
            {a.receiver_first_name} {a.receiver_last_name}
          </p>
          <p>{localPhone(a.receiver_phone_one)}</p>
          <p data-testid="order-address">
            <AddressLines address={a} />
          </p>
        </section>
        <section aria-labelledby="pay-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          <h2 id="pay-h" className="mb-2 font-semibold">
            {t("order.payment")}
          </h2>
          <p>{t("order.method", { method: o(order.order_payment_method === "PayOnDelivery" ? "methodDelivery" : "methodCard") })}</p>
          <p>
            {t("order.status")} <span data-testid="payment-status">{o(`status.${order.order_payment_status}`)}</span>
          </p>
        </section>
      </div>
      <section aria-labelledby="history-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
        <h2 id="history-h" className="mb-2 font-semibold">
          {t("order.history")}
        </h2>
        <ol className="space-y-1" data-testid="status-history">
          {order.status_history.map((e, n) => (
            <li key={`${e.kind}-${e.at}-${n}`} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {eventLabel(t, e.kind)}
                {e.order_item_id && itemName.get(e.order_item_id) ? ` (${itemName.get(e.order_item_id)})` : ""}
              </span>
              <time dateTime={e.at} className="text-gray-600">
                {formatDate(e.at, t)}
              </time>
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d ? `${d.title} | BuildMart NG` : "Order | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
