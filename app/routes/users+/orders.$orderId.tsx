/**
 * /users/orders/{orderId} — one of the shopper's orders (spec section 2): items, payment and
 * shipping; Complete Payment for a card order still waiting for its payment (a POST, intent pay:
 * a new attempt and a 303 to Paystack), Track Order, and Cancel on each item while it may still be
 * cancelled (to the confirm-cancel page). A delivered item (its store's shipment Delivered) gets
 * "Rate this product" (the product's review form) and, within the return window, "Ask for a return"
 * (to the return page); each return shows its status, dates and the seller's message. A line paid
 * online within 7 days of delivery (or one with a claim) gets "Report a problem" (the claims page).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { island, islandsLoader } from "~/components/ui/island";
import type { ApiOrderClaims, ApiOrderReturns } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { canCancelItem, needsPayment } from "~/components/checkout/order-rules";
import { loadOrder, startCardPayment } from "~/storefront/checkout.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { orderNumber } from "~/domain/order-rules";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders"] };

/**
 * On demand (components/ui/island.tsx), not in the page's first view: the order (its actions are
 * plain forms and links, which work before it has hydrated) and its returns below it.
 */
const OrderDetail = island(() => import("~/components/checkout/order-detail").then((m) => ({ default: m.OrderDetail })));
const OrderReturns = island(() => import("~/components/users/order-returns").then((m) => ({ default: m.OrderReturns })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(OrderDetail, OrderReturns);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const order = await loadOrder(api, params.orderId ?? "");
  if (!order) throw new Response("Not Found", { status: 404 });
  const returns = await api.get<ApiOrderReturns>(`/orders/${order.id}/returns/`);
  // Claims (issue 36 item 5): a link to the claims page when a line may be claimed or has a claim.
  const claims = await api.get<ApiOrderClaims>(`/orders/${order.id}/claims/`);
  const hasClaims = claims.ok && (claims.data.claimable.length > 0 || claims.data.results.length > 0);
  const t = await requestT(request, "orders");
  return data({ order, returns: returns.ok ? returns.data : null, hasClaims, title: t("heading", { number: orderNumber(order.id) }) }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "pay") throw unknownIntent();
  const id = params.orderId ?? "";
  const order = await loadOrder(api, id);
  if (!order) throw new Response("Not Found", { status: 404 });
  const back = `/users/orders/${order.id}`;
  if (!needsPayment(order)) return redirectWithFlash(api, back, { kind: "info", message: (await requestT(request, "orders"))("noPaymentNeeded") });
  const pay = await startCardPayment(api, order.id);
  if (!pay.ok) return redirectWithFlash(api, back, { kind: "error", message: await inLanguage(request, pay.message) });
  return redirect(pay.url, { status: 303, headers: await api.headers() });
}

/** An API message (English) in the request's language, for a flash (as is when it is not a known one). */
function inLanguage(request: Request, message: string): Promise<string> {
  return requestFormMessage(request, message);
}

export default function OrderRoute() {
  const { order, returns, hasClaims } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const { t } = useTranslation("orders");
  return (
    <main className="space-y-4">
      <Link to="/users/orders" className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("backToOrders")}
      </Link>
      <OrderDetail
        order={order}
        actions={
          <>
            {needsPayment(order) ? (
              <Form method="post">
                <button type="submit" name="intent" value="pay" className={primaryButton} disabled={paying}>
                  {paying ? <Spinner /> : null}
                  {paying ? t("redirecting") : t("completePayment")}
                </button>
              </Form>
            ) : null}
            {needsPayment(order) ? (
              <Form method="post" action={`/checkout/offline?order_id=${order.id}`}>
                <button type="submit" name="intent" value="transfer" className="btn-outline">
                  {t("payByTransfer")}
                </button>
              </Form>
            ) : null}
            {needsPayment(order) ? (
              <Link to={`/checkout/offline?order_id=${order.id}&how=ussd`} className="btn-outline">
                {t("payByUssd")}
              </Link>
            ) : null}
            <Link to={`/users/orders/${order.id}/track`} className="btn-outline">
              {t("trackOrder")}
            </Link>
            {hasClaims ? (
              <Link to={`/users/orders/${order.id}/claims`} className="btn-outline">
                {t("claims.link")}
              </Link>
            ) : null}
          </>
        }
        itemAction={(item) =>
          canCancelItem(order, item) ? (
            <Link
              to={`/users/orders/${order.id}/confirm-cancel?item=${item.id}`}
              className="btn-outline px-3 py-1.5 text-red-700"
              aria-label={t("cancelLabel", { name: item.product_name })}
            >
              {t("cancel")}
            </Link>
          ) : null
        }
        deliveredLinks={{
          rate: true,
          returnHref: (item) => (returns?.returnable.some((r) => r.order_item_id === item.id) ? `/users/orders/${order.id}/return/${item.id}` : null),
        }}
      />
      {returns?.results.length ? <OrderReturns returns={returns.results} /> : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Order"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
