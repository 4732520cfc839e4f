/**
 * The member's notifications in the reader's language. The list's own words come from
 * `account:notifications.*`; a notice itself is stored as a message key and its values
 * (~/domain/notices, migration 0037) and said here in the reader's language (English included),
 * or shown as stored when it has no key (a seller's own words, an old notice of no known shape).
 */
import { useTranslation } from "~/i18n/react";
import type { NotificationsTexts } from "~/components/notifications-list";
import { sayNotice } from "~/domain/notices";
import { formatDate } from "~/i18n/dates";

type Say = (key: string, values?: Record<string, unknown>) => string;

export function useNotificationTexts(): NotificationsTexts {
  const { t } = useTranslation("account");
  const say: Say = (key, values) => t(key, values);
  return {
    list: t("notifications.list"),
    noneUnread: t("notifications.none_unread"),
    unread: (count) => t("notifications.unread", { count }),
    inAll: (count) => t("notifications.in_all", { count }),
    markAll: t("notifications.mark_all"),
    nothingHere: t("notifications.nothing_here"),
    backNewest: t("notifications.back_newest"),
    unreadTag: t("notifications.unread_tag"),
    markOne: t("notifications.mark_read"),
    pages: t("notifications.pages"),
    previous: t("notifications.previous"),
    page: (page) => t("notifications.page", { page }),
    next: t("notifications.next"),
    dates: say,
    notice: (n) => sayNotice(n, say, (iso) => formatDate(iso, say)),
  };
}
