/**
 * A list of notifications (a member's or a store's), newest first: unread ones carry an "Unread"
 * tag and a bold title (not colour alone), each opens its target, a "Mark all as read" form and
 * per-item "Mark as read" buttons (plain POSTs: work without JavaScript), Previous/Next pages and
 * an empty state. Used by /users/notification and /stores/{slug}/notification.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ApiNotification } from "~/storefront/api-types";
import { formatDate, type DateReader } from "~/i18n/dates";


/**
 * The list's own words. The store's page keeps them English (seller pages are English); the
 * member's page passes them in the reader's language (./users/notification-texts.ts).
 */
export interface NotificationsTexts {
  list: string;
  noneUnread: string;
  unread: (count: number) => string;
  inAll: (count: number) => string;
  markAll: string;
  nothingHere: string;
  backNewest: string;
  unreadTag: string;
  markOne: string;
  pages: string;
  previous: string;
  page: (page: number) => string;
  next: string;
  /** Whose words the dates are written in (~/i18n/dates); English when absent. */
  dates?: DateReader;
  /** A notification's title and body as shown (the stored text when absent). */
  notice?: (n: ApiNotification) => { title: string; body: string };
}

const ENGLISH: NotificationsTexts = {
  list: "Notifications list",
  noneUnread: "No unread notifications",
  unread: (count) => `${count} unread`,
  inAll: (count) => `${count} in all`,
  markAll: "Mark all as read",
  nothingHere: "There is nothing on this page.",
  backNewest: "Back to the newest",
  unreadTag: "Unread",
  markOne: "Mark as read",
  pages: "Pages",
  previous: "Previous",
  page: (page) => `Page ${page}`,
  next: "Next",
};

export interface NotificationsListProps {
  results: ApiNotification[];
  count: number;
  unread: number;
  page: number;
  next: string | null;
  previous: string | null;
  /** What an empty list says. */
  emptyText: string;
  texts?: NotificationsTexts;
}

export function NotificationsList({ results, count, unread, page, next, previous, emptyText, texts = ENGLISH }: NotificationsListProps) {
  const busy = useNavigation().state === "submitting";
  const shown = (n: ApiNotification) => texts.notice?.(n) ?? { title: n.title, body: n.body };
  return (
    <section aria-label={texts.list}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700" data-testid="unread-summary">
          {unread === 0 ? texts.noneUnread : texts.unread(unread)}
          {count > 0 ? ` · ${texts.inAll(count)}` : ""}
        </p>
        {unread > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="mark-all" className="btn-outline px-3 py-1.5 text-sm" disabled={busy}>
              {texts.markAll}
            </button>
          </Form>
        ) : null}
      </div>
      {results.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white p-6 text-center" data-testid="notifications-empty">
          <p className="text-gray-700">{page > 1 ? texts.nothingHere : emptyText}</p>
          {page > 1 ? (
            <Link to="?page=1" className="mt-3 inline-block underline">
              {texts.backNewest}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="notifications">
          {results.map((n) => ({ n, said: shown(n) })).map(({ n, said }) => (
            <li
              key={n.id}
              data-read={n.read ? "true" : "false"}
              className={`flex gap-3 p-3 ${n.read ? "" : "border-l-4 border-l-brand-600 bg-brand-50"}`}
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  {n.read ? null : (
                    <span className="rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white">{texts.unreadTag}</span>
                  )}
                  {n.link ? (
                    <Link to={n.link} className={`break-words underline-offset-2 hover:underline ${n.read ? "font-normal" : "font-bold"}`}>
                      {said.title}
                    </Link>
                  ) : (
                    <span className={n.read ? "font-normal" : "font-bold"}>{said.title}</span>
                  )}
                </p>
                {said.body ? (
                  // A notice said from its key whose body has none is someone's own words (a buyer's claim, a seller's note).
                  <p className="mt-0.5 break-words text-sm text-gray-700" data-user-text={n.title_key && !n.body_key ? "" : undefined}>
                    {said.body}
                  </p>
                ) : null}
                <p className="mt-0.5 text-xs text-gray-600">
                  <time dateTime={n.created_at}>{formatDate(n.created_at, texts.dates ?? "en")}</time>
                </p>
              </div>
              {n.read ? null : (
                <Form method="post" className="shrink-0 self-start">
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" name="intent" value="mark-one" className="rounded px-2 py-1 text-xs text-gray-700 underline hover:bg-white" disabled={busy}>
                    {texts.markOne}
                    <span className="sr-only">: {said.title}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {previous || next ? (
        <nav aria-label={texts.pages} className="mt-4 flex items-center justify-between text-sm">
          {previous ? (
            <Link to={`?page=${page - 1}`} className="underline" rel="prev">
              {texts.previous}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-gray-600">{texts.page(page)}</span>
          {next ? (
            <Link to={`?page=${page + 1}`} className="underline" rel="next">
              {texts.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
