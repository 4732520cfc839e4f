/**
 * /admin/certificates — buyers' reports of fake SON certificates (issue 36 item 2), newest first:
 * the product (its page, and the admin's product list to unpublish it), the store, the number the
 * product showed, the buyer's note and how to reach them. Acting on a report is on the products
 * page (unpublish with a reason; the store is told); which categories need a certificate is on the
 * categories page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, PageTitle, Pager, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listQuery } from "~/storefront/admin.server";
import type { ApiAdminCertificateReport, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { islandsLoader } from "~/components/ui/island";

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const { qs, page } = listQuery(request, ["product"]);
  const reports = await api.must(api.get<Paged<ApiAdminCertificateReport>>(`/admin/certificate-reports/?${qs}`));
  return data({ reports, page }, { headers: await api.headers() });
}

export const meta: MetaFunction = () => [{ title: "Certificate reports | Admin | BuildMart NG" }];

export default function AdminCertificateReports() {
  const { reports, page } = useLoaderData<typeof loader>();
  return (
    <main>
      <PageTitle title="Certificate reports">
        Buyers who think a product&apos;s SON certificate is fake. Check the number with SON; unpublish the product from{" "}
        <Link to="/admin/products" className="text-brand-700 underline">
          Products
        </Link>{" "}
        if it is (the store is told why).
      </PageTitle>
      {reports.results.length === 0 ? (
        <p className="text-gray-600">No report yet.</p>
      ) : (
        <TableScroll label="Certificate reports">
          <thead>
            <tr>
              <th className={th}>Product</th>
              <th className={th}>Store</th>
              <th className={th}>Certificate shown</th>
              <th className={th}>Buyer&apos;s note</th>
              <th className={th}>Contact</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {reports.results.map((r) => (
              <tr key={r.id} data-testid={`certificate-report-${r.id}`}>
                <td className={td}>
                  <Link to={`/admin/products?q=${encodeURIComponent(r.product_name)}`} className="font-medium text-brand-700 underline">
                    {r.product_name}
                  </Link>
                  <div className="text-xs text-gray-500">
                    #{r.product} · {when(r.created_at)}
                  </div>
                </td>
                <td className={td}>{r.store_name ?? "—"}</td>
                <td className={`${td} font-mono`}>{r.certificate_number ?? "—"}</td>
                <td className={td}>
                  <p className="max-w-sm break-words text-gray-700">{r.note}</p>
                </td>
                <td className={`${td} break-all`}>{r.contact ?? (r.user ? `Member #${r.user}` : "—")}</td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={reports.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
