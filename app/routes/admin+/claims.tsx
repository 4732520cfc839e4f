/**
 * /admin/claims — claims waiting for BuildMart (issue 36 item 5): those the store answered with a reply
 * (its evidence) and those it left unanswered past 48 hours, each as its thread with the ruling form
 * (refund all, part or none, with the reason the buyer and the store read). Other statuses through the
 * filter. The guard is the API's: GET /admin/claims/ answers 404 to anyone but an admin, and so does
 * this page. Admin pages stay English.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClaimRulingForm, ClaimThread } from "~/components/claims/claim-thread";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonsPager } from "~/components/ui/prev-next-pager";
import { CLAIM_STATUSES, type ClaimStatus } from "~/domain/claim-rules";
import { orderNumber } from "~/domain/order-rules";
import type { ApiClaimPage } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { submitClaimRuling } from "~/storefront/claims.server";

export const handle = { i18n: ["orders"] };

const notFound = () => new Response("Not Found", { status: 404 });
/** Default: both kinds waiting for an admin (answered first, then escalated, on one page each). */
const statusOf = (v: string | null): ClaimStatus | "waiting" => ((CLAIM_STATUSES as readonly string[]).includes(v ?? "") ? (v as ClaimStatus) : "waiting");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const get = (s: ClaimStatus) => api.get<ApiClaimPage>(`/admin/claims/?status=${s}${page > 1 ? `&page=${page}` : ""}`);
  const pages = status === "waiting" ? await Promise.all([get("answered"), get("escalated")]) : [await get(status)];
  if (pages.some((r) => r.status === 401)) throw await api.signedOut();
  if (pages.every((r) => r.status === 404) && page === 1) throw notFound();
  const results = pages.flatMap((r) => (r.ok ? r.data.results : []));
  const hasNext = pages.some((r) => r.ok && !!r.data.next);
  return data({ status, page, results, hasNext }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  return submitClaimRuling(api, request, `/admin/claims${new URL(request.url).search}`);
}

export default function AdminClaimsRoute() {
  const { status, page, results, hasNext } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const link = (p: number) => `/admin/claims?${new URLSearchParams({ status, page: String(p) })}`;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">Claims</h1>
      <p className="text-sm text-gray-600">
        A claim holds the store&apos;s money for its line. Claims the store answered with evidence, or left unanswered for 48 hours, wait for your ruling: refund
        all, part or none.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="status" className="field-label">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="field-input">
            <option value="waiting">Waiting for BuildMart</option>
            {CLAIM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline">
          Show
        </button>
      </Form>
      {results.length === 0 ? <p className="rounded-lg border border-gray-200 bg-white p-4 text-gray-700">No claims here.</p> : null}
      {results.map((c) => (
        <section key={c.id} className="space-y-2" id={`claim-${c.id}-section`}>
          <p className="text-sm text-gray-600">
            <Link to={`/admin/claims/${c.id}`} className="font-semibold text-brand-700 hover:underline">
              Claim {c.id}
            </Link>{" "}
            · order {orderNumber(c.order_id)}
            {c.dispute_id ? ` · Paystack dispute ${c.dispute_id}` : ""}
          </p>
          <ClaimThread claim={c} photo={(pid) => `/claim-photo/admin/0/${c.id}/${pid}`} />
          {c.status === "answered" || c.status === "escalated" ? (
            <ClaimRulingForm claim={c} action={`/admin/claims?${new URLSearchParams({ status })}`} lastResult={result?.key === String(c.id) ? result.reply : undefined} />
          ) : null}
        </section>
      ))}
      <ButtonsPager page={page} hasPrevious={page > 1} hasNext={hasNext} hrefFor={link} />
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Claims · Admin | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
