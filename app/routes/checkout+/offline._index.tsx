/**
 * /checkout/offline?order_id=…&how=ussd (&g=y for a guest order) — pay an order by USSD: the shopper
 * picks their bank (GTBank *737#, UBA *919#, Sterling *822#, Zenith *966#), one plain form with one
 * submit button per bank, and is sent (303) to the payment's own page (offline.$reference.tsx).
 * Also the POST target that starts a bank transfer for an order (intent transfer) from the
 * success page's "Try again" choices. Works with JavaScript off; nothing changes on a GET.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { USSD_BANKS } from "~/domain/payment-channels";
import { apiFor } from "~/storefront/api.server";
import { callbackOrderId, guestOrderToken, loadOrder, offlinePath, startOfflinePayment, successPath } from "~/storefront/checkout.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requestT } from "~/i18n/i18next.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const orderId = callbackOrderId(url);
  const guest = !api.user;
  const order = orderId ? await loadOrder(api, orderId, guest ? guestOrderToken(api, orderId) : null) : null;
  if (!order) throw new Response("Not Found", { status: 404, headers: await api.headers() });
  const t = await requestT(request, "checkout");
  if (order.order_payment_status === "Complete") throw redirect(successPath(order.id, guest), { status: 303, headers: await api.headers() });
  return data({ id: order.id, number: orderNumber(order.id), total: order.total, title: t("offline.ussdTitle") }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const form = await readForm(request);
  const orderId = callbackOrderId(url) ?? callbackOrderId(new URL(`http://x/?order_id=${encodeURIComponent(String(form.get("order_id") ?? ""))}`));
  if (!orderId) throw new Response("Not Found", { status: 404 });
  const guest = !api.user;
  const token = guest ? guestOrderToken(api, orderId) : null;
  const intent = form.get("intent");
  const bank = String(form.get("bank") ?? "");
  if (intent !== "transfer" && intent !== "ussd") throw unknownIntent();
  if (intent === "ussd" && !USSD_BANKS.some((b) => b.type === bank)) {
    const t = await requestT(request, "checkout");
    return redirectWithFlash(api, `/checkout/offline?order_id=${orderId}&how=ussd${guest ? "&g=y" : ""}`, { kind: "error", message: t("offline.chooseBank") });
  }
  const started = await startOfflinePayment(api, orderId, intent === "ussd" ? { channel: "ussd", bank } : { channel: "bank_transfer" }, token);
  if (!started.ok) return redirectWithFlash(api, successPath(orderId, guest), { kind: "error", message: started.message });
  return redirect(offlinePath(started.payment.reference, orderId, guest), { status: 303, headers: await api.headers() });
}

export default function UssdChoiceRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <main className="container-page py-6">
      <div className="mx-auto max-w-md rounded-lg border border-gray-200 bg-white p-4">
        <h1 className="text-xl font-bold">{t("offline.ussdTitle")}</h1>
        <p className="mt-1 text-sm text-gray-600">
          {t("offline.order", { number: d.number })} · <span className="font-semibold">{formatNaira(d.total)}</span>
        </p>
        <Form method="post" className="mt-4" data-testid="ussd-banks">
          <input type="hidden" name="intent" value="ussd" />
          <input type="hidden" name="order_id" value={d.id} />
          <p className="font-semibold">{t("offline.chooseBank")}</p>
          <p className="text-sm text-gray-600">{t("offline.chooseBankText")}</p>
          <div className="mt-3 grid gap-2">
            {USSD_BANKS.map((b) => (
              <button key={b.type} type="submit" name="bank" value={b.type} className={`${primaryButton} w-full justify-between`}>
                <span>{b.bank}</span>
                <span className="font-mono">*{b.type}#</span>
              </button>
            ))}
          </div>
        </Form>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "USSD"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export const handle = { i18n: ["checkout"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
