/**
 * A list of notifications (a member's or a store's), newest first: unread ones carry an "Unread"
 * tag and a bold title (not colour alone), each opens its target, a "Mark all as read" form and
 * per-item "Mark as read" buttons (plain POSTs: work without JavaScript), Previous/Next pages and
 * an empty state. Used by /users/notification and /stores/{slug}/notification.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ApiNotification } from "~/storefront/api-types";

const when = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

export interface NotificationsListProps {
  results: ApiNotification[];
  count: number;
  unread: number;
  page: number;
  next: string | null;
  previous: string | null;
  /** What an empty list says. */
  emptyText: string;
}

export function NotificationsList({ results, count, unread, page, next, previous, emptyText }: NotificationsListProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-label="Notifications list">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700" data-testid="unread-summary">
          {unread === 0 ? "No unread notifications" : `${unread} unread`}
          {count > 0 ? ` · ${count} in all` : ""}
        </p>
        {unread > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="mark-all" className="btn-outline px-3 py-1.5 text-sm" disabled={busy}>
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      {results.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white p-6 text-center" data-testid="notifications-empty">
          <p className="text-gray-700">{page > 1 ? "There is nothing on this page." : emptyText}</p>
          {page > 1 ? (
            <Link to="?page=1" className="mt-3 inline-block underline">
              Back to the newest
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="notifications">
          {results.map((n) => (
            <li
              key={n.id}
              data-read={n.read ? "true" : "false"}
              className={`flex gap-3 p-3 ${n.read ? "" : "border-l-4 border-l-brand-600 bg-brand-50"}`}
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  {n.read ? null : (
                    <span className="rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white">Unread</span>
                  )}
                  {n.link ? (
                    <Link to={n.link} className={`break-words underline-offset-2 hover:underline ${n.read ? "font-normal" : "font-bold"}`}>
                      {n.title}
                    </Link>
                  ) : (
                    <span className={n.read ? "font-normal" : "font-bold"}>{n.title}</span>
                  )}
                </p>
                {n.body ? <p className="mt-0.5 break-words text-sm text-gray-700">{n.body}</p> : null}
                <p className="mt-0.5 text-xs text-gray-600">
                  <time dateTime={n.created_at}>{when.format(new Date(n.created_at))}</time>
                </p>
              </div>
              {n.read ? null : (
                <Form method="post" className="shrink-0 self-start">
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" name="intent" value="mark-one" className="rounded px-2 py-1 text-xs text-gray-700 underline hover:bg-white" disabled={busy}>
                    Mark as read<span className="sr-only">: {n.title}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {previous || next ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {previous ? (
            <Link to={`?page=${page - 1}`} className="underline" rel="prev">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-gray-600">Page {page}</span>
          {next ? (
            <Link to={`?page=${page + 1}`} className="underline" rel="next">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
