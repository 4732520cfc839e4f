/**
 * The notification pages (/users/notification, /stores/{slug}/notification): one page of a list
 * from the API, and the "Mark all as read" / "Mark as read" POSTs. `base` is the API list path,
 * `/users/{id}/notifications/` or `/stores/{id}/notifications/`.
 */
import type { Api } from "./api.server";
import type { ApiNotificationPage } from "./api-types";
import { readForm, redirectWithFlash, unknownIntent } from "./responses.server";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export async function loadNotifications(api: Api, request: Request, base: string): Promise<ApiNotificationPage & { page: number }> {
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1));
  const r = await api.get<ApiNotificationPage>(`${base}?page=${page}&page_size=${NOTIFICATIONS_PAGE_SIZE}`);
  // A page past the end: the API answers 404 like other paged lists; show an empty page with a way back.
  if (!r.ok && r.status !== 404) throw await api.failure(r, "Notifications could not be loaded");
  const body = r.ok ? r.data : { count: 0, unread: 0, next: null, previous: null, results: [] };
  return { ...body, page };
}

/** The action's flash messages: English on the store's page, the reader's language on the member's. */
export interface NotificationsFlashes {
  chooseFirst: string;
  failed: string;
  markedAll: string;
}

const ENGLISH: NotificationsFlashes = {
  chooseFirst: "Choose a notification first.",
  failed: "Your notifications could not be marked as read. Please try again.",
  markedAll: "All notifications marked as read",
};

/** Handles the list's POSTs (intent mark-all, or mark-one with id) and redirects back to `back`. */
export async function notificationsAction(api: Api, request: Request, base: string, back: string, say: NotificationsFlashes = ENGLISH): Promise<Response> {
  const form = await readForm(request);
  const intent = form.get("intent");
  let body: { ids?: number[] };
  if (intent === "mark-all") body = {};
  else if (intent === "mark-one") {
    const id = Number(form.get("id"));
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return redirectWithFlash(api, back, { kind: "error", message: say.chooseFirst });
    body = { ids: [id] };
  } else throw unknownIntent();
  const r = await api.post<{ marked: number; unread: number }>(`${base}read/`, body);
  if (!r.ok) return redirectWithFlash(api, back, { kind: "error", message: say.failed });
  return redirectWithFlash(api, back, intent === "mark-all" ? { kind: "success", message: say.markedAll } : null);
}
