/** /admin/users — users: find by e-mail or name; deactivate (ends every session) / reactivate; resend the verification e-mail. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, Filters, PageTitle, Pager, ReasonAction, resultFor, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listQuery, runAdminRowAction, type AdminRowAction } from "~/storefront/admin.server";
import type { ApiAdminUser, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { readForm } from "~/storefront/responses.server";
import { islandsLoader } from "~/components/ui/island";

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireAdmin(request, context);
  const { qs, page, filters } = listQuery(request, ["search", "status"]);
  const users = await api.must(api.get<Paged<ApiAdminUser>>(`/admin/users/?${qs}`));
  return data({ users, page, filters, me: user.id }, { headers: await api.headers() });
}

const ACTIONS = {
  deactivate: { reason: false, done: "User deactivated: their sessions ended and they cannot sign in." },
  reactivate: { reason: false, done: "User reactivated: they can sign in again." },
  "resend-verification": { reason: false, done: "A new verification e-mail is on its way." },
} satisfies Record<string, AdminRowAction>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  return runAdminRowAction(api, request, await readForm(request), "users", ACTIONS);
}

export const meta: MetaFunction = () => [{ title: "Users | Admin | BuildMart NG" }];

export default function AdminUsers() {
  const { users, page, filters, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main>
      <PageTitle title="Users">Deactivating a user ends every session at once; they cannot sign in until reactivated.</PageTitle>
      <Filters
        search={filters.search}
        placeholder="E-mail or name"
        status={filters.status}
        statuses={[
          ["", "All users"],
          ["deactivated", "Deactivated"],
          ["unverified", "E-mail not verified"],
          ["admin", "Admins"],
        ]}
      />
      {users.results.length === 0 ? (
        <p className="text-gray-600">No user matches.</p>
      ) : (
        <TableScroll label="Users">
          <thead>
            <tr>
              <th className={th}>User</th>
              <th className={th}>Status</th>
              <th className={th}>Joined</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {users.results.map((u) => (
              <tr key={u.id} data-testid={`user-row-${u.id}`}>
                <td className={td}>
                  <div className="font-medium">
                    {u.first_name} {u.last_name}
                  </div>
                  <div className="break-all text-xs text-gray-600">{u.email}</div>
                </td>
                <td className={`${td} space-x-1`}>
                  {u.role === "admin" ? <Badge tone="blue">Admin</Badge> : null}
                  {u.is_active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deactivated {when(u.deactivated_at)}</Badge>}
                  {u.email_verified ? null : <Badge tone="amber">Not verified</Badge>}
                </td>
                <td className={`${td} whitespace-nowrap`}>{when(u.created_at)}</td>
                <td className={`${td} space-x-1 space-y-1 whitespace-nowrap`}>
                  {u.id === me ? (
                    <span className="text-xs text-gray-500">You</span>
                  ) : u.is_active ? (
                    <ReasonAction intent="deactivate" id={u.id} label="Deactivate…" submitLabel="Deactivate" required={false} result={resultFor(result, "deactivate", u.id)} />
                  ) : (
                    <ActionButton intent="reactivate" id={u.id} label="Reactivate" tone="good" result={resultFor(result, "reactivate", u.id)} />
                  )}
                  {!u.email_verified && u.is_active ? (
                    <ActionButton intent="resend-verification" id={u.id} label="Resend verification" result={resultFor(result, "resend-verification", u.id)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={users.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
