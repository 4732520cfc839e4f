/**
 * Notifications: a member's own list and a store's list, newest first, unread marked.
 * Rows are written only by `recordEvent` (commands.server.ts) inside the transaction of the
 * change they report. Reading and marking are the member's own (self-only: an admin reads
 * their own list, not someone else's) or the store's members'.
 */
import { json, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { markRead, type NotificationOwner } from "./commands.server";
import { listNotifications, unreadCount } from "./queries.server";
import { MarkedSchema, MarkReadBody, NotificationPageSchema, UnreadCountSchema } from "./schemas";
import { serializeNotification } from "./serialize";

const userOwner = (ctx: ApiContext): NotificationOwner => ({ userId: ctx.intParam("userId") });
const storeOwner = (ctx: ApiContext): NotificationOwner => ({ storeId: ctx.intParam("storeId") });

function list(owner: (ctx: ApiContext) => NotificationOwner) {
  return async (ctx: ApiContext) => {
    const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
    const { rows, count, unread } = await listNotifications(ctx.db, owner(ctx), pageSize, offset);
    return json({ ...paged(ctx.url, rows.map(serializeNotification), count, page, pageSize), unread });
  };
}

function unread(owner: (ctx: ApiContext) => NotificationOwner) {
  return async (ctx: ApiContext) => json({ unread: await unreadCount(ctx.db, owner(ctx)) });
}

function mark(owner: (ctx: ApiContext) => NotificationOwner) {
  return async (ctx: ApiContext<typeof MarkReadBody>) => {
    const body = await ctx.input();
    const o = owner(ctx);
    const marked = await markRead(ctx.db, o, body.ids);
    return json({ marked, unread: await unreadCount(ctx.db, o) });
  };
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/notifications/",
    access: "self-only",
    summary: "The member's notifications, newest first (paginated, with `unread`)",
    tag: "notifications",
    auth: "required",
    response: NotificationPageSchema,
    handler: list(userOwner),
  },
  {
    method: "GET",
    path: "/users/:userId/notifications/unread/",
    access: "self-only",
    summary: "How many of the member's notifications are unread ({unread})",
    tag: "notifications",
    auth: "required",
    response: UnreadCountSchema,
    handler: unread(userOwner),
  },
  {
    method: "POST",
    path: "/users/:userId/notifications/read/",
    access: "self-only",
    summary: "Mark the member's notifications read: {ids?: [..]}; without ids, all of them",
    tag: "notifications",
    auth: "required",
    body: MarkReadBody,
    response: MarkedSchema,
    handler: mark(userOwner),
  },
  {
    method: "GET",
    path: "/stores/:storeId/notifications/",
    access: "store-member",
    summary: "The store's notifications (new order, cancelled item, low stock, ...), newest first (paginated, with `unread`)",
    tag: "notifications",
    auth: "required",
    response: NotificationPageSchema,
    handler: list(storeOwner),
  },
  {
    method: "GET",
    path: "/stores/:storeId/notifications/unread/",
    access: "store-member",
    summary: "How many of the store's notifications are unread ({unread})",
    tag: "notifications",
    auth: "required",
    response: UnreadCountSchema,
    handler: unread(storeOwner),
  },
  {
    method: "POST",
    path: "/stores/:storeId/notifications/read/",
    access: "store-member",
    summary: "Mark the store's notifications read: {ids?: [..]}; without ids, all of them",
    tag: "notifications",
    auth: "required",
    body: MarkReadBody,
    response: MarkedSchema,
    handler: mark(storeOwner),
  },
];
