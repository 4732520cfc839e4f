/**
 * /admin/products — products: search; unpublish with a reason (the store is told by
 * notification and e-mail; only an admin publishes it again) / republish; feature / unfeature (the
 * home page's Featured row); a product whose category needs a SON certificate and has none can be
 * let through with a reason (issue 36 item 2, audited; the store is told).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, Filters, PageTitle, Pager, ReasonAction, resultFor, TableScroll, td, th } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatNaira } from "~/domain/money";
import { listQuery, runAdminRowAction, type AdminRowAction } from "~/storefront/admin.server";
import type { ApiAdminProduct, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { readForm } from "~/storefront/responses.server";
import { islandsLoader } from "~/components/ui/island";

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const { qs, page, filters } = listQuery(request, ["search", "status", "store"]);
  const products = await api.must(api.get<Paged<ApiAdminProduct>>(`/admin/products/?${qs}`));
  return data({ products, page, filters }, { headers: await api.headers() });
}

const ACTIONS = {
  unpublish: { reason: true, done: "Product unpublished; the store was told why." },
  republish: { reason: false, done: "Product published again." },
  feature: { reason: false, done: "Product featured on the home page." },
  unfeature: { reason: false, done: "Product no longer featured." },
  "certificate-waiver": { reason: true, done: "Certificate waived: the product may be published without one; the store was told." },
} satisfies Record<string, AdminRowAction>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  return runAdminRowAction(api, request, await readForm(request), "products", ACTIONS);
}

export const meta: MetaFunction = () => [{ title: "Products | Admin | BuildMart NG" }];

export default function AdminProducts() {
  const { products, page, filters } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main>
      <PageTitle title="Products">Unpublish a product that breaks the rules (the seller is told why), choose what the home page features.</PageTitle>
      <Filters
        search={filters.search}
        placeholder="Product or store name"
        status={filters.status}
        statuses={[
          ["", "All products"],
          ["featured", "Featured"],
          ["unpublished", "Unpublished"],
          ["held", "Unpublished by an admin"],
          ["certificate", "SON certificate missing"],
        ]}
        extra={filters.store ? <input type="hidden" name="store" value={filters.store} /> : null}
      />
      {filters.store ? (
        <p className="mb-2 text-sm">
          One store only. <Link to="/admin/products" className="text-brand-700 underline">Show every store</Link>
        </p>
      ) : null}
      {products.results.length === 0 ? (
        <p className="text-gray-600">No product matches.</p>
      ) : (
        <TableScroll label="Products">
          <thead>
            <tr>
              <th className={th}>Product</th>
              <th className={th}>Store</th>
              <th className={th}>Price</th>
              <th className={th}>Status</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {products.results.map((p) => (
              <tr key={p.id} data-testid={`product-row-${p.id}`}>
                <td className={td}>
                  <div className="font-medium">{p.name}</div>
                  <div className="text-xs text-gray-500">
                    #{p.id} · {p.category_name}
                  </div>
                </td>
                <td className={td}>
                  {p.store_name}
                  {p.store_suspended ? (
                    <div>
                      <Badge tone="red">Store suspended</Badge>
                    </div>
                  ) : null}
                </td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{formatNaira(p.selling_price)}</td>
                <td className={`${td} space-y-1`}>
                  <div>{p.published ? <Badge tone="green">Published</Badge> : <Badge tone="gray">Unpublished</Badge>}</div>
                  {p.featured ? (
                    <div>
                      <Badge tone="blue">Featured</Badge>
                    </div>
                  ) : null}
                  {p.admin_unpublished_at ? <p className="max-w-xs text-xs text-gray-600">By an admin: “{p.unpublished_reason}”</p> : null}
                  {p.certificate === "missing" ? (
                    <div>
                      <Badge tone="amber">SON certificate missing</Badge>
                    </div>
                  ) : p.certificate === "waived" ? (
                    <div>
                      <Badge tone="gray">Certificate waived</Badge>
                    </div>
                  ) : null}
                </td>
                <td className={`${td} space-x-1 space-y-1 whitespace-nowrap`}>
                  {p.published ? (
                    <ReasonAction
                      intent="unpublish"
                      id={p.id}
                      label="Unpublish…"
                      submitLabel="Unpublish"
                      required
                      result={resultFor(result, "unpublish", p.id)}
                      hint="Sent to the store by notification and e-mail."
                    />
                  ) : p.admin_unpublished_at ? (
                    <ActionButton intent="republish" id={p.id} label="Republish" tone="good" result={resultFor(result, "republish", p.id)} />
                  ) : null}
                  {p.certificate === "missing" ? (
                    <ReasonAction
                      intent="certificate-waiver"
                      id={p.id}
                      label="Waive certificate…"
                      submitLabel="Waive the certificate"
                      required
                      result={resultFor(result, "certificate-waiver", p.id)}
                      hint="Only after checking the product another way: the reason is audited and the store is told."
                    />
                  ) : null}
                  {p.featured ? (
                    <ActionButton intent="unfeature" id={p.id} label="Unfeature" result={resultFor(result, "unfeature", p.id)} />
                  ) : (
                    <ActionButton intent="feature" id={p.id} label="Feature" result={resultFor(result, "feature", p.id)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={products.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
