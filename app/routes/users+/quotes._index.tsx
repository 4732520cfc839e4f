/**
 * /users/quotes — the buyer's bulk quotes (issue 35): each request with its store, where it stands
 * and whose move it is, newest first, linking to its page. How to ask: from a product page ("Ask
 * for a bulk price") or the cart ("Get quotes for this cart").
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { QuoteStatus } from "~/components/quotes/quote-bits";
import { formatDate } from "~/i18n/dates";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import { formatNaira } from "~/domain/money";
import type { ApiQuotePage } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";

export const handle = { i18n: ["quotes"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const page = Math.max(
    1,
    Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) ||
      1
  );
  const r = await api.get<ApiQuotePage>(
    `/quotes/?page_size=50${page > 1 ? `&page=${page}` : ""}`
  );
  if (r.status === 401) throw await api.signedOut();
  const list = r.ok
    ? r.data
    : { count: 0, next: null, previous: null, results: [] };
  const t = await requestT(request, "quotes");
  return data(
    { list, title: t("list.title") },
    { headers: await api.headers() }
  );
}

export default function QuotesRoute() {
  const { list, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("quotes");
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm text-gray-700">{t("list.how")}</p>
      {list.results.length ? (
        <ul className="space-y-2">
          {list.results.map((q) => {
            const last = q.offers[q.offers.length - 1];
            return (
              <li
                key={q.id}
                className="rounded-lg border border-gray-200 bg-white p-3 text-sm"
                data-testid="quote-row"
              >
                <Link
                  to={`/users/quotes/${q.id}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {t("thread.heading", { number: q.id, store: q.store.name })}
                </Link>{" "}
                <QuoteStatus quote={q} />
                <p className="text-gray-700">
                  {q.lines.map((l) => l.product_name).join(", ")} ·{" "}
                  {formatDate(q.created_at, t, "date")}
                  {last ? ` · ${formatNaira(last.total)}` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          {t("list.empty")}
        </p>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Quotes"} | BuildMart NG` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
