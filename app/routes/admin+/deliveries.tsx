/**
 * /admin/deliveries — pay-on-delivery shipments on their way with a delivery code (decision 0025):
 * the store's wrong tries so far, locked ones first to look at (filter "Locked"); "Unlock" lets the
 * store try the code again (an optional reason), "Mark delivered…" delivers without the code (a
 * reason of at least 10 characters: the shopper confirmed by phone, the code was lost). Plain POST
 * forms; the API checks the admin and writes the audit row. Never the code itself.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, Filters, PageTitle, Pager, ReasonAction, resultFor, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listQuery, runAdminRowAction, type AdminRowAction } from "~/storefront/admin.server";
import type { ApiAdminDelivery, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { readForm } from "~/storefront/responses.server";
import { islandsLoader } from "~/components/ui/island";

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const { qs, page, filters } = listQuery(request, ["status"]);
  const deliveries = await api.must(api.get<Paged<ApiAdminDelivery>>(`/admin/deliveries/?${qs}`));
  return data({ deliveries, page, filters }, { headers: await api.headers() });
}

const ACTIONS = {
  unlock: { reason: false, done: "Unlocked: the store can enter the shopper's code again (5 tries)." },
  deliver: { reason: true, done: "Marked Delivered without the code; the reason is in the audit log." },
} satisfies Record<string, AdminRowAction>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  return runAdminRowAction(api, request, await readForm(request), "deliveries", ACTIONS);
}

export const meta: MetaFunction = () => [{ title: "Deliveries | Admin | BuildMart NG" }];

export default function AdminDeliveries() {
  const { deliveries, page, filters } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main>
      <PageTitle title="Deliveries">
        Pay-on-delivery shipments on their way: the store marks each Delivered with the shopper&apos;s 4-digit code. After 5 wrong codes a delivery is locked until you unlock it, or
        mark it delivered after checking with the shopper.
      </PageTitle>
      <Filters
        searchable={false}
        placeholder=""
        status={filters.status}
        statuses={[
          ["", "On their way"],
          ["locked", "Locked"],
        ]}
      />
      {deliveries.results.length === 0 ? (
        <p className="text-gray-600">No delivery matches.</p>
      ) : (
        <TableScroll label="Deliveries">
          <thead>
            <tr>
              <th className={th}>Order</th>
              <th className={th}>Store</th>
              <th className={th}>Shipped</th>
              <th className={th}>Code</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {deliveries.results.map((d) => (
              <tr key={d.shipment_id} data-testid={`delivery-row-${d.shipment_id}`}>
                <td className={`${td} font-mono`}>{d.order_number}</td>
                <td className={td}>{d.store_name}</td>
                <td className={td}>{when(d.shipped_at)}</td>
                <td className={td}>
                  {d.locked ? <Badge tone="red">Locked</Badge> : <Badge tone="gray">{`${d.wrong_tries} wrong, ${d.tries_left} left`}</Badge>}
                </td>
                <td className={`${td} space-x-2 whitespace-nowrap`}>
                  {d.locked || d.wrong_tries > 0 ? <ActionButton intent="unlock" id={d.shipment_id} label="Unlock" tone="good" result={resultFor(result, "unlock", d.shipment_id)} /> : null}
                  <ReasonAction
                    intent="deliver"
                    id={d.shipment_id}
                    label="Mark delivered…"
                    submitLabel="Delivered without the code"
                    required
                    result={resultFor(result, "deliver", d.shipment_id)}
                    hint="At least 10 characters: how the shopper confirmed it. Kept with the shipment and in the audit log."
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={deliveries.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
