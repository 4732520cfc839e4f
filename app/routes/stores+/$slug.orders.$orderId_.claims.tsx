/**
 * /stores/{slug}/orders/{orderId}/claims — the store's claims on one order (issue 36 item 5): each as
 * one thread, and on a claim still waiting for the store a plain form: refund all, refund part (an
 * amount) or reply with evidence (a message and a photo). Works without JavaScript; the API decides.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClaimAnswerForm, ClaimThread } from "~/components/claims/claim-thread";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { orderNumber } from "~/domain/order-rules";
import { useTranslation } from "~/i18n/react";
import { requestT } from "~/i18n/i18next.server";
import type { ApiClaimPage } from "~/storefront/api-types";
import { submitClaimAnswer } from "~/storefront/claims.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export const handle = { i18n: ["orders"] };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const orderId = params.orderId ?? "";
  if (!UUID_RE.test(orderId)) throw new Response("Not Found", { status: 404 });
  // The order's claims (one per line at most: a page of 50 holds them).
  const claims = (await api.must(api.get<ApiClaimPage>(`/stores/${store.id}/claims/?order=${orderId}&page_size=50`))).results;
  const t = await requestT(request, "orders");
  return data({ slug: store.slug, storeId: store.id, orderId, claims, title: t("claims.title", { number: orderNumber(orderId) }) }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const orderId = params.orderId ?? "";
  if (!UUID_RE.test(orderId)) throw new Response("Not Found", { status: 404 });
  return submitClaimAnswer(api, request, store.id, `/stores/${store.slug}/orders/${orderId}/claims`);
}

export default function StoreOrderClaimsRoute() {
  const { slug, storeId, orderId, claims, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  return (
    <main className="space-y-4">
      <Link to={`/stores/${slug}/orders/${orderId}`} className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("claims.back")}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm text-gray-700">{t("claims.store_intro")}</p>
      {claims.length === 0 ? <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm">{t("claims.none")}</p> : null}
      {claims.map((c) => (
        <section key={c.id} className="space-y-2">
          <ClaimThread claim={c} photo={(pid) => `/claim-photo/store/${storeId}/${c.id}/${pid}`} />
          {c.status === "open" ? (
            <ClaimAnswerForm claim={c} action={`/stores/${slug}/orders/${orderId}/claims`} lastResult={result?.key === String(c.id) ? result.reply : undefined} />
          ) : null}
        </section>
      ))}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Claims"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
