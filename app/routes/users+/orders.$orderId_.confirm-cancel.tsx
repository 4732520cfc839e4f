/**
 * /users/orders/{orderId}/confirm-cancel?item={orderItemId} — Cancel Order (spec sections 2, 3):
 * the item, the seven reasons as radio buttons (a GET form: choosing changes nothing), then a
 * confirmation (?item=…&reason=…) whose button POSTs the cancellation; back on the order page the
 * item shows Cancelled. A card-paid item is refunded by the server.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { canCancelItem } from "~/components/checkout/order-rules";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderItemHeader } from "~/components/users/order-item";
import { primaryButton } from "~/components/ui/button";
import { useFormMessage } from "~/components/ui/error-list";
import { FormErrors } from "~/components/ui/forms";
import { cancelReasonLabel } from "~/components/users/order-status";
import { Spinner } from "~/components/ui/spinner";
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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const back = `/users/orders/${orderId}`;
  const { t } = useTranslation("orders");
  const say = useFormMessage();
  return (
    <main className="space-y-4">
      <OrderItemHeader orderId={orderId} back={back} title={t("cancelPage.title")} item={item} />
      {!allowed ? (
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <p>{alreadyCancelled ? t("cancelPage.already") : say(CANCEL_MESSAGES.tooLate)}</p>
          <Link to={back} className="btn-outline mt-3">
            {t("backToOrder")}
          </Link>
        </div>
      ) : reason ? (
        <section aria-labelledby="confirm-h" className="rounded-lg border border-red-200 bg-white p-4" role="alertdialog">
          <h2 id="confirm-h" className="font-semibold">
            {t("cancelPage.confirmTitle")}
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            {t("cancelPage.reason")} <span className="font-medium">{cancelReasonLabel(t, reason)}</span>. {t("cancelPage.note")}
          </p>
          <FormErrors errors={actionData?.error ? [actionData.error] : []} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="order_item_cancel_reason" value={reason} />
              <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
                {busy ? <Spinner /> : null}
                {t("cancelPage.yes")}
              </button>
            </Form>
            <Link to={back} className="btn-outline">
              {t("cancelPage.keep")}
            </Link>
          </div>
        </section>
      ) : (
        <Form method="get" className="rounded-lg border border-gray-200 bg-white p-4">
          <input type="hidden" name="item" value={item.id} />
          <fieldset>
            <legend className="mb-2 font-semibold">{t("cancelPage.why")}</legend>
            {reasonError ? (
              <p className="field-error mb-2" role="alert">
                {say(reasonError)}
              </p>
            ) : null}
            <div className="space-y-2">
              {CANCEL_REASONS.map((r) => (
                <label key={r} className="flex items-center gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600">
                  <input type="radio" name="reason" value={r} required className="accent-brand-600" />
                  {cancelReasonLabel(t, r)}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={`${primaryButton} mt-4`}>
            {t("cancelPage.continue")}
          </button>
        </Form>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Cancel Order"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
