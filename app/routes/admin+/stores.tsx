/**
 * /admin/stores — stores: search by name, slug or e-mail; verify / unverify (the
 * "Verified seller" badge), suspend (with a reason; its products leave the catalogue at once) /
 * reinstate. Plain POST forms; the API writes the audit row.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, Filters, PageTitle, Pager, ReasonAction, resultFor, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listQuery, runAdminRowAction, type AdminRowAction } from "~/storefront/admin.server";
import type { ApiAdminStore, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { readForm } from "~/storefront/responses.server";
import { islandsLoader } from "~/components/ui/island";

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const { qs, page, filters } = listQuery(request, ["search", "status"]);
  const stores = await api.must(api.get<Paged<ApiAdminStore>>(`/admin/stores/?${qs}`));
  return data({ stores, page, filters }, { headers: await api.headers() });
}

const ACTIONS = {
  verify: { reason: false, done: "Store verified: shoppers now see the Verified seller badge." },
  unverify: { reason: false, done: "Verified seller badge removed." },
  suspend: { reason: true, done: "Store suspended: its products are hidden from shoppers." },
  reinstate: { reason: false, done: "Store reinstated: its products are back in the catalogue." },
} satisfies Record<string, AdminRowAction>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  return runAdminRowAction(api, request, await readForm(request), "stores", ACTIONS);
}

export const meta: MetaFunction = () => [{ title: "Stores | Admin | BuildMart NG" }];

export default function AdminStores() {
  const { stores, page, filters } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main>
      <PageTitle title="Stores">Verify sellers, suspend a store that breaks the rules (its products leave the catalogue at once; its orders stay visible).</PageTitle>
      <Filters
        search={filters.search}
        placeholder="Name, address or e-mail"
        status={filters.status}
        statuses={[
          ["", "All stores"],
          ["verified", "Verified"],
          ["unverified", "Not verified"],
          ["suspended", "Suspended"],
        ]}
      />
      {stores.results.length === 0 ? (
        <p className="text-gray-600">No store matches.</p>
      ) : (
        <TableScroll label="Stores">
          <thead>
            <tr>
              <th className={th}>Store</th>
              <th className={th}>Contact</th>
              <th className={th}>Status</th>
              <th className={th}>Products</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {stores.results.map((s) => (
              <tr key={s.id} data-testid={`store-row-${s.slug}`}>
                <td className={td}>
                  <Link to={`/stores/${s.slug}`} className="font-medium text-brand-700 underline">
                    {s.name}
                  </Link>
                  <div className="text-xs text-gray-500">/{s.slug} · since {when(s.created_at)}</div>
                </td>
                <td className={td}>
                  <div className="break-all">{s.email}</div>
                  <div className="text-xs text-gray-500">{s.phone}</div>
                  <div className="break-all text-xs text-gray-500">owner {s.owner_email}</div>
                </td>
                <td className={`${td} space-y-1`}>
                  <div>{s.verified_at ? <Badge tone="green">Verified {when(s.verified_at)}</Badge> : <Badge tone="gray">Not verified</Badge>}</div>
                  {s.suspended_at ? (
                    <div>
                      <Badge tone="red">Suspended {when(s.suspended_at)}</Badge>
                      {s.suspended_reason ? <p className="mt-1 max-w-xs text-xs text-gray-600">“{s.suspended_reason}”</p> : null}
                    </div>
                  ) : null}
                </td>
                <td className={td}>
                  <Link to={`/admin/products?store=${s.id}`} className="text-brand-700 underline">
                    {s.products_count}
                  </Link>
                </td>
                <td className={`${td} space-x-1 space-y-1 whitespace-nowrap`}>
                  {s.verified_at ? (
                    <ActionButton intent="unverify" id={s.id} label="Unverify" result={resultFor(result, "unverify", s.id)} />
                  ) : (
                    <ActionButton intent="verify" id={s.id} label="Verify" tone="good" result={resultFor(result, "verify", s.id)} />
                  )}
                  {s.suspended_at ? (
                    <ActionButton intent="reinstate" id={s.id} label="Reinstate" tone="good" result={resultFor(result, "reinstate", s.id)} />
                  ) : (
                    <ReasonAction
                      intent="suspend"
                      id={s.id}
                      label="Suspend…"
                      submitLabel="Suspend store"
                      required
                      result={resultFor(result, "suspend", s.id)}
                      hint="The store is told this reason by notification and e-mail."
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={stores.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
