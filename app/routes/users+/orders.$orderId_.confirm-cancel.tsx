/**
 * /users/orders/{orderId}/confirm-cancel?item={orderItemId} — Cancel Order (spec sections 2, 3):
 * the item, the seven reasons as radio buttons (a GET form: choosing changes nothing), then a
 * confirmation (?item=…&reason=…) whose button POSTs the cancellation; back on the order page the
 * item shows Cancelled. A card-paid item is refunded by the server.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { canCancelItem } from "~/components/checkout/order-rules";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderItemHeader } from "~/components/users/order-item";
import { island, islandsLoader } from "~/components/ui/island";
import type { Api } from "~/storefront/api.server";
import { requireUser } from "~/storefront/auth.server";
import { loadOrder } from "~/storefront/checkout.server";
import { apiMessage } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { CANCEL_MESSAGES, CANCEL_REASONS } from "~/domain/order-rules";
import { parseWithZod, CancelItemSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders"] };

async function itemOf(api: Api, request: Request, orderId: string) {
  const order = await loadOrder(api, orderId);
  if (!order) throw new Response("Not Found", { status: 404 });
  const itemId = new URL(request.url).searchParams.get("item");
  const item = order.order_items.find((i) => i.id === itemId);
  if (!item) throw new Response("Not Found", { status: 404 });
  return { order, item };
}

/** The two steps' forms come on demand (components/ui/island.tsx): plain forms until then. */
const CancelItemSteps = island(() => import("~/components/users/cancel-item-steps").then((m) => ({ default: m.CancelItemSteps })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(CancelItemSteps);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const { order, item } = await itemOf(api, request, params.orderId ?? "");
  const url = new URL(request.url);
  const reasonParam = url.searchParams.get("reason");
  const reason = (CANCEL_REASONS as readonly string[]).includes(reasonParam ?? "") ? reasonParam : null;
  const t = await requestT(request, "orders");
  return data(
    {
      title: t("cancelPage.title"),
      orderId: order.id,
      item: { id: item.id, name: item.product_name, quantity: item.quantity, total: item.quantity * item.item_price, image: item.image },
      allowed: canCancelItem(order, item),
      alreadyCancelled: item.status === "Cancelled",
      reason,
      // a reason sent that is not one of the seven
      reasonError: reasonParam !== null && !reason ? CANCEL_MESSAGES.reason : null,
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const { order, item } = await itemOf(api, request, params.orderId ?? "");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: CancelItemSchema });
  if (submission.status !== "success") return data({ error: CANCEL_MESSAGES.reason }, { status: 400 });
  const r = await api.post(`/orders/${item.id}/orderitem/cancel`, submission.value);
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) return data({ error: apiMessage(r.data, "This item could not be cancelled. Please try again.") }, { status: r.status >= 500 ? 502 : 400 });
  const t = await requestT(request, "orders");
  return redirectWithFlash(api, `/users/orders/${order.id}`, { kind: "success", message: t("cancelPage.done", { name: item.product_name }) });
}

export default function ConfirmCancelRoute() {
  const { orderId, item, allowed, alreadyCancelled, reason, reasonError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/users/orders/${orderId}`;
  const { t } = useTranslation("orders");
  return (
    <main className="space-y-4">
      <OrderItemHeader orderId={orderId} back={back} title={t("cancelPage.title")} item={item} />
      <CancelItemSteps orderId={orderId} itemId={item.id} allowed={allowed} alreadyCancelled={alreadyCancelled} reason={reason} reasonError={reasonError} error={actionData?.error} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Cancel Order"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
