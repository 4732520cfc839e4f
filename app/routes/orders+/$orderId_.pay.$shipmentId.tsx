/**
 * /orders/{orderId}/pay/{shipmentId} (?t={token} for a guest order) — pay one store's delivery of a
 * pay-on-delivery order by bank transfer, before the rider comes or at the door (issue 33 item 4;
 * docs/decisions/0028-pay-at-the-door.md). The link of the shipped SMS / WhatsApp / e-mail and the
 * order page's "Pay ₦X now by bank transfer" lead here. The page shows the store, the delivery's
 * amount (its items and shipping, the one money rule's figure from the API) and one button, a
 * POST that starts the transfer (POST /payments/paystack/transfer/ with `shipment`) and sends the
 * shopper (303) to the transfer page; nothing changes on a GET. A member signs in first (the API
 * answers only the buyer); a guest's token is checked by the API (wrong or missing: 404). Always
 * lite (no script, ~/storefront/lite), not indexed, no Referer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { statusLabel } from "~/components/users/order-status";
import { payableShipment } from "~/components/checkout/order-rules";
import { apiFor, type Api } from "~/storefront/api.server";
import { loginRedirect } from "~/storefront/auth.server";
import { loadOrder, offlinePath, orderPagePath, rememberGuestOrder, startOfflinePayment } from "~/storefront/checkout.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders", "checkout"] };

const PRIVATE = { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

/** The order (a member's, or a guest's by its token) and the shipment asked for; 404 when either is not theirs. */
async function orderAndShipment(request: Request, api: Api, orderId: string, shipmentId: string) {
  const token = new URL(request.url).searchParams.get("t");
  if (!token && !api.user) loginRedirect(request);
  const order = await loadOrder(api, orderId, token);
  const sh = order?.shipments.find((s) => String(s.id) === shipmentId);
  if (!order || !sh) throw new Response("Not Found", { status: 404, headers: await api.headers(PRIVATE) });
  return { order, sh, token };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const { order, sh, token } = await orderAndShipment(request, api, params.orderId ?? "", params.shipmentId ?? "");
  const t = await requestT(request, "checkout");
  return data(
    {
      number: orderNumber(order.id),
      store: sh.store_name,
      status: sh.status,
      total: sh.total,
      items: order.order_items.filter((i) => sh.items.includes(i.id) && i.status === "Active").map((i) => ({ id: i.id, name: i.option_label ? `${i.product_name} (${i.option_label})` : i.product_name, quantity: i.quantity })),
      code: sh.delivery_code ?? null,
      state: sh.paid_by_transfer ? "paid" : sh.cash_received ? "cash" : payableShipment(order, sh) ? "payable" : "closed",
      orderHref: orderPagePath(order.id, token),
      title: t("payAtDoor.title"),
    },
    { headers: await api.headers(PRIVATE) },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "transfer") throw unknownIntent();
  const { order, sh, token } = await orderAndShipment(request, api, params.orderId ?? "", params.shipmentId ?? "");
  const started = await startOfflinePayment(api, order.id, { channel: "bank_transfer", shipment: sh.id }, token);
  const here = new URL(request.url);
  if (!started.ok) return redirectWithFlash(api, `${here.pathname}${here.search}`, { kind: "error", message: await requestFormMessage(request, started.message) });
  // A guest from an SMS or e-mail link: the transfer page's "new account" and its way back need the token.
  if (token && !api.user) rememberGuestOrder(api, order.id, token);
  return redirect(offlinePath(started.payment.reference, order.id, !api.user), { status: 303, headers: await api.headers(PRIVATE) });
}

export default function PayAtDoorRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const { t: c } = useTranslation("checkout");
  return (
    <main className="container-page py-4">
      <div className="mx-auto max-w-md rounded-lg border border-gray-200 bg-white p-4" data-testid="pay-at-door">
        <h1 className="text-xl font-bold">{c("payAtDoor.title")}</h1>
        <p className="text-sm text-gray-600">
          {t("heading", { number: d.number })} · {t("from", { store: d.store })} · {statusLabel(t, d.status)}
        </p>
        <ul className="mt-3 text-sm text-gray-800">
          {d.items.map((i) => (
            <li key={i.id}>
              {i.quantity} × {i.name}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-3xl font-bold" data-testid="pay-at-door-amount">
          {formatNaira(d.total)}
        </p>
        {d.state === "payable" ? (
          <>
            <p className="mt-2 text-sm">{c("payAtDoor.intro")}</p>
            <Form method="post" className="mt-4">
              <button type="submit" name="intent" value="transfer" className={`${primaryButton} w-full`}>
                {c("payAtDoor.button", { amount: formatNaira(d.total) })}
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-2 font-semibold" role="status" data-testid="pay-at-door-state">
            {c(`payAtDoor.${d.state}`)}
          </p>
        )}
        {d.code ? (
          <p className="mt-4 text-sm">
            {t("deliveryCode")}: <span className="font-mono text-lg font-bold tracking-widest">{d.code}</span>
          </p>
        ) : null}
        <a href={d.orderHref} className="btn-outline mt-4 w-full">
          {c("payAtDoor.viewOrder")}
        </a>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Pay"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
