/**
 * /users/orders/{orderId}/claims — the buyer's claims on one order (issue 36 item 5): each claim as
 * one thread (what was claimed, where it stands, every step with its photos), and for each line that
 * may still be claimed (delivered, paid online, within 7 days) a plain multipart form: what went
 * wrong, a note and up to three photos. Works without JavaScript; the API decides.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClaimOpenForm, ClaimThread } from "~/components/claims/claim-thread";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { orderNumber } from "~/domain/order-rules";
import { useTranslation } from "~/i18n/react";
import { requestT } from "~/i18n/i18next.server";
import type { ApiOrderClaims } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { loadOrder } from "~/storefront/checkout.server";
import { submitClaim } from "~/storefront/claims.server";

export const handle = { i18n: ["orders"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const order = await loadOrder(api, params.orderId ?? "");
  if (!order) throw new Response("Not Found", { status: 404 });
  const claims = await api.must(api.get<ApiOrderClaims>(`/orders/${order.id}/claims/`));
  const t = await requestT(request, "orders");
  const names = Object.fromEntries(order.order_items.map((i) => [i.id, i.product_name]));
  return data({ orderId: order.id, claims, names, title: t("claims.title", { number: orderNumber(order.id) }) }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const order = await loadOrder(api, params.orderId ?? "");
  if (!order) throw new Response("Not Found", { status: 404 });
  return submitClaim(api, request, order.id, `/users/orders/${order.id}/claims`);
}

export default function OrderClaimsRoute() {
  const { orderId, claims, names, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  return (
    <main className="space-y-4">
      <Link to={`/users/orders/${orderId}`} className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("claims.back")}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm text-gray-700">{t("claims.intro")}</p>
      {claims.results.map((c) => (
        <ClaimThread key={c.id} claim={c} photo={(pid) => `/claim-photo/order/${orderId}/${c.id}/${pid}`} />
      ))}
      {claims.claimable.map((l) => (
        <ClaimOpenForm
          key={l.order_item_id}
          itemId={l.order_item_id}
          name={names[l.order_item_id] ?? ""}
          claimBy={l.claim_by}
          action={`/users/orders/${orderId}/claims`}
          lastResult={result?.key === l.order_item_id ? result.reply : undefined}
        />
      ))}
      {!claims.results.length && !claims.claimable.length ? <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm">{t("claims.none")}</p> : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Claims"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
