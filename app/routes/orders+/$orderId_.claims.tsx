/**
 * /orders/{orderId}/claims?t={token} — a guest's claims on one order (issue 36 item 5), reached from
 * the guest's order page (the signed link of the order e-mails): the same threads and open form as
 * the member's page (components/claims/claim-thread.tsx, storefront/claims.server.ts); the API checks
 * the token (a wrong or missing one: 404; past its end: 404 here, the order page offers a fresh
 * link). The token rides only in this page's links and form; the page is not indexed and sends no Referer.
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
import { apiFor, type Api } from "~/storefront/api.server";
import { loadGuestOrder } from "~/storefront/checkout.server";
import { submitClaim } from "~/storefront/claims.server";

export const handle = { i18n: ["orders"] };

const PRIVATE = { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

function tokenOf(request: Request): string {
  const token = new URL(request.url).searchParams.get("t");
  if (!token) throw new Response("Not Found", { status: 404 });
  return token;
}

const withToken = (path: string, token: string) => `${path}?t=${encodeURIComponent(token)}`;

async function guestOrder(api: Api, orderId: string, token: string) {
  const order = await loadGuestOrder(api, orderId, token);
  if (!order || order === "expired") throw new Response("Not Found", { status: 404 });
  return order;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const token = tokenOf(request);
  const order = await guestOrder(api, params.orderId ?? "", token);
  const claims = await api.must(api.get<ApiOrderClaims>(`/orders/${order.id}/claims/?token=${encodeURIComponent(token)}`, api.user ? undefined : { auth: false }));
  const t = await requestT(request, "orders");
  const names = Object.fromEntries(order.order_items.map((i) => [i.id, i.product_name]));
  return data({ orderId: order.id, token, claims, names, title: t("claims.title", { number: orderNumber(order.id) }) }, { headers: await api.headers(PRIVATE) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  const token = tokenOf(request);
  const order = await guestOrder(api, params.orderId ?? "", token);
  return submitClaim(api, request, order.id, withToken(`/orders/${order.id}/claims`, token), token);
}

export default function GuestOrderClaimsRoute() {
  const { orderId, token, claims, names, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  const here = withToken(`/orders/${orderId}/claims`, token);
  return (
    <main className="container-page space-y-4 py-4">
      <Link to={withToken(`/orders/${orderId}`, token)} className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("claims.back")}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm text-gray-700">{t("claims.intro")}</p>
      {claims.results.map((c) => (
        <ClaimThread key={c.id} claim={c} photo={(pid) => withToken(`/claim-photo/order/${orderId}/${c.id}/${pid}`, token)} />
      ))}
      {claims.claimable.map((l) => (
        <ClaimOpenForm
          key={l.order_item_id}
          itemId={l.order_item_id}
          name={names[l.order_item_id] ?? ""}
          claimBy={l.claim_by}
          action={here}
          lastResult={result?.key === l.order_item_id ? result.reply : undefined}
        />
      ))}
      {!claims.results.length && !claims.claimable.length ? <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm">{t("claims.none")}</p> : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Claims"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
