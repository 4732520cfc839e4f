/** /admin/audit — the audit log: who did what, when, to which target, with the state before and after and the reason; filterable by target. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageTitle, Pager, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listQuery } from "~/storefront/admin.server";
import type { ApiAuditEntry, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const { qs, page, filters } = listQuery(request, ["target_type", "target_id", "action", "actor"]);
  const entries = await api.must(api.get<Paged<ApiAuditEntry>>(`/admin/audit/?${qs}`));
  return data({ entries, page, filters }, { headers: await api.headers() });
}

export const meta: MetaFunction = () => [{ title: "Audit log | Admin | BuildMart NG" }];

const TARGETS = ["store", "product", "category", "review", "user", "payment"] as const;

/** The fields that changed between before and after (all of after for a creation). */
function changes(before: unknown, after: unknown): Array<{ field: string; from: string; to: string }> {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => ({ field: k, from: show(b[k]), to: show(a[k]) }));
}

export default function AdminAudit() {
  const { entries, page, filters } = useLoaderData<typeof loader>();
  return (
    <main>
      <PageTitle title="Audit log">Every admin action: who, what, when, and what changed.</PageTitle>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" aria-label="Filter the audit log">
        <div>
          <label htmlFor="audit-type" className="field-label">
            Target
          </label>
          <select id="audit-type" name="target_type" defaultValue={filters.target_type ?? ""} className="field-input">
            <option value="">Any</option>
            {TARGETS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="w-24">
          <label htmlFor="audit-id" className="field-label">
            Id
          </label>
          <input id="audit-id" name="target_id" defaultValue={filters.target_id ?? ""} maxLength={64} className="field-input" />
        </div>
        <div className="min-w-0 flex-1 basis-32">
          <label htmlFor="audit-action" className="field-label">
            Action
          </label>
          <input id="audit-action" name="action" defaultValue={filters.action ?? ""} placeholder="e.g. suspend" maxLength={100} className="field-input" />
        </div>
        <div className="min-w-0 flex-1 basis-40">
          <label htmlFor="audit-actor" className="field-label">
            Admin e-mail
          </label>
          <input id="audit-actor" name="actor" defaultValue={filters.actor ?? ""} maxLength={254} className="field-input" />
        </div>
        <button type="submit" className="btn border border-gray-300 bg-white text-gray-800 hover:bg-gray-50">
          Filter
        </button>
      </Form>
      {entries.results.length === 0 ? (
        <p className="text-gray-600">No entry matches.</p>
      ) : (
        <TableScroll label="Audit log">
          <thead>
            <tr>
              <th className={th}>When</th>
              <th className={th}>Who</th>
              <th className={th}>What</th>
              <th className={th}>Target</th>
              <th className={th}>Change</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {entries.results.map((e) => (
              <tr key={e.id} data-testid="audit-row">
                <td className={`${td} whitespace-nowrap`}>{when(e.created_at)}</td>
                <td className={`${td} break-all`}>{e.actor_email ?? "—"}</td>
                <td className={`${td} whitespace-nowrap font-medium`}>{e.action}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <Link to={`/admin/audit?target_type=${e.target_type}&target_id=${encodeURIComponent(e.target_id)}`} className="text-brand-700 underline">
                    {e.target_type} #{e.target_id}
                  </Link>
                </td>
                <td className={td}>
                  <ul className="min-w-48 space-y-0.5 text-xs">
                    {changes(e.before, e.after).map((c) => (
                      <li key={c.field}>
                        <span className="font-medium">{c.field}</span>: <span className="text-gray-500 line-through">{c.from}</span> → <span>{c.to}</span>
                      </li>
                    ))}
                  </ul>
                  {e.reason ? <p className="mt-1 max-w-xs text-xs text-gray-700">Reason: “{e.reason}”</p> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={entries.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
