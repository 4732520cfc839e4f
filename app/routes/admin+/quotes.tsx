/**
 * /admin/quotes — every store's bulk quotes (issue 35 item 6): open ones (waiting for the store or
 * the buyer, the offer still live) and expired ones (an offer past its time, unanswered) by default
 * open; accepted and declined through the filter. Each row: the buyer, the store, the site, the
 * latest offer's total and expiry. The guard is the API's (GET /admin/quotes/ answers 404 to anyone
 * but an admin, and so does this page). Admin pages stay English.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonsPager } from "~/components/ui/prev-next-pager";
import { formatNaira } from "~/domain/money";
import { QUOTE_FILTERS, type QuoteFilter } from "~/domain/quote-rules";
import type { ApiQuotePage } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";

const statusOf = (v: string | null): QuoteFilter =>
  (QUOTE_FILTERS as readonly string[]).includes(v ?? "")
    ? (v as QuoteFilter)
    : "open";
const when = (iso: string) =>
  new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const page = Math.max(
    1,
    Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1
  );
  const r = await api.get<ApiQuotePage>(
    `/admin/quotes/?status=${status}${page > 1 ? `&page=${page}` : ""}`
  );
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) throw new Response("Not Found", { status: 404 });
  return data(
    {
      status,
      page,
      results: r.data.results,
      count: r.data.count,
      hasNext: !!r.data.next,
    },
    { headers: await api.headers() }
  );
}

export default function AdminQuotesRoute() {
  const { status, page, results, count, hasNext } =
    useLoaderData<typeof loader>();
  const link = (p: number) =>
    `/admin/quotes?${new URLSearchParams({ status, page: String(p) })}`;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">Quotes</h1>
      <p className="text-sm text-gray-600">
        Bulk quote requests between buyers and stores. Open: waiting for the
        store or the buyer. Expired: the store&apos;s offer ran out unanswered.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="status" className="field-label">
            Status
          </label>
          <select
            id="status"
            name="status"
            defaultValue={status}
            className="field-input"
          >
            {QUOTE_FILTERS.map((s) => (
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
      <p className="text-sm">{count} quote(s)</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-xs text-gray-600">
              <th className="p-2">Quote</th>
              <th className="p-2">Store</th>
              <th className="p-2">Buyer</th>
              <th className="p-2">Site</th>
              <th className="p-2">Status</th>
              <th className="p-2">Latest offer</th>
              <th className="p-2">Asked</th>
            </tr>
          </thead>
          <tbody>
            {results.map((q) => {
              const o = q.offers[q.offers.length - 1];
              return (
                <tr
                  key={q.id}
                  className="border-b align-top"
                  data-testid="admin-quote-row"
                >
                  <td className="p-2">
                    #{q.id}
                    <span className="block text-xs text-gray-600">
                      {q.lines
                        .map((l) => `${l.product_name} × ${l.quantity}`)
                        .join(", ")}
                    </span>
                  </td>
                  <td className="p-2">{q.store.name}</td>
                  <td className="p-2" data-user-text>
                    {q.buyer.first_name} {q.buyer.last_name}
                    {q.buyer.company_name ? (
                      <span className="block text-xs">
                        {q.buyer.company_name}
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2">
                    {q.site.lga}, {q.site.state}
                  </td>
                  <td className="p-2">{q.shown_status}</td>
                  <td className="p-2">
                    {o
                      ? `${formatNaira(o.total)} · ${
                          o.expired ? "expired" : "until"
                        } ${when(o.expires_at)}`
                      : "none yet"}
                  </td>
                  <td className="p-2">{when(q.created_at)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ButtonsPager
        page={page}
        hasPrevious={page > 1}
        hasNext={hasNext}
        hrefFor={link}
      />
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Quotes | Admin | BuildMart NG" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
