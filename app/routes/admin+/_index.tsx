/** /admin — the overview: real counts of what needs an admin's eye, each linking to its page. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/storefront/auth.server";
import { groupDigits } from "~/domain/money";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, overview } = await requireAdmin(request, context);
  return data({ overview }, { headers: await api.headers() });
}

export const meta: MetaFunction = () => [{ title: "Admin | BuildMart NG" }];

export default function AdminOverview() {
  const { overview: o } = useLoaderData<typeof loader>();
  const cards: Array<{ to: string; title: string; lines: Array<[string, number]> }> = [
    { to: "/admin/stores", title: "Stores", lines: [["stores", o.stores], ["verified", o.stores_verified], ["suspended", o.stores_suspended]] },
    { to: "/admin/products", title: "Products", lines: [["listed for shoppers", o.products_listed], ["featured", o.products_featured], ["unpublished by an admin", o.products_unpublished_by_admin]] },
    { to: "/admin/categories", title: "Categories", lines: [["categories", o.categories], ["retired", o.categories_retired]] },
    { to: "/admin/reviews?status=hidden", title: "Reviews", lines: [["hidden", o.reviews_hidden]] },
    { to: "/admin/users", title: "Users", lines: [["users", o.users], ["deactivated", o.users_deactivated]] },
    {
      to: "/admin/payments",
      title: "Payments",
      lines: [["card payments pending", o.payments_pending], ["amount/currency mismatches", o.payments_mismatched], ["refunds in progress", o.refunds_open], ["refunds failed", o.refunds_failed]],
    },
    { to: "/admin/audit", title: "Audit log", lines: [["entries", o.audit_entries]] },
  ];
  return (
    <main>
      <PageTitle title="Admin">Running the marketplace: what is there and what needs attention.</PageTitle>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Overview">
        {cards.map((c) => (
          <li key={c.to} className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 className="font-semibold">
              <Link to={c.to} className="text-brand-700 underline">
                {c.title}
              </Link>
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              {c.lines.map(([label, n]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-gray-600">{label}</dt>
                  <dd className="font-semibold tabular-nums">{groupDigits(n)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
