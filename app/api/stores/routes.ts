/**
 * Stores (spec sections 3, 5, 6 and 7). Store roles (Owner, Member) come from store_members; the
 * guards are ctx.requireStoreRole(storeId, "owner" | "member") (the router applies them for
 * access "store-owner"/"store-member").
 *
 * POST /stores/   multipart (or JSON/form without files): owner (ignored: the caller owns it), logo,
 *   banner (optional; JPEG/PNG/WebP by content, 5 MB), name, email, phone, slug, website, address,
 *   description (50-250 words), business_license_number, agreement (must be true), facebook,
 *   instagram, x (also x_link/twitter; stored), state (optional: the state the store ships from, one
 *   of the 36 states or the FCT, 400 otherwise; without it, the state the address names, see
 *   stateFromAddress in app/domain/address-rules.ts). Rules and messages: app/domain/stores.ts.
 *   The slug (given, else from the name) is made unique (`-2`, `-3`…). 201 {id, name, slug, logo, banner};
 *   the caller becomes the store's Owner (store_members).
 *   Instead of a file, `logo_upload` / `banner_upload` may carry a token from POST /stores/uploads/
 *   (same user, fresh): the create-store wizard uploads at the Brand step so that nothing is lost
 *   across steps without JavaScript.
 * POST /stores/uploads/   multipart `image`: checked and stored like a logo; 201 {upload, url}.
 * GET /stores/{slug}/   public store page: logo, banner, description, links, published products count.
 * GET /stores/{slug}/products/?page   the store's published products, the catalogue's page shape.
 * GET /stores/{storeId}/dashboard/   the seller dashboard's figures (dashboard.server.ts).
 */
import { stateFromAddress } from "~/domain/addresses";
import { StoreCreateSchema, storeInput, storeSlug } from "~/domain/stores";
import { log } from "~/ops/logger.server";
import { env } from "~/config.server";
import { route, type RouteDef } from "../core/types";
import { checkImage, checkImages, hasFile, indexImages, putImages } from "../core/uploads.server";
import { filtersFromQuery, listProducts } from "../catalog/queries.server";
import { ProductListQuery, ProductPageSchema } from "../catalog/schemas";
import { storeDashboard } from "./dashboard.server";
import { signUpload, UPLOAD_MESSAGES, verifyUpload } from "./uploads.server";
import { createStore } from "./commands.server";
import { findStore, findStoreById, findStoreBySlug, storeIdBySlug, storeMembers, storeScorecard, storesOwnedBy } from "./queries.server";
import { MembershipSchema, MembershipSettingsBody, MembershipSettingsSchema, OwnerStoresSchema, PublicStoreSchema, ScorecardSchema, StoreDashboardSchema, StoreMemberSchema, StoreSchema, StoreUploadSchema } from "./schemas";
import { serializeMember, serializePublicStore, serializeStore } from "./serialize";
import { badRequest, forbidden, json, notFound, zodToDrf } from "../core/http";
import { optionalImageUrl } from "../core/media";
import { markShown, SHOWS_NOTHING } from "../core/cache.server";
import * as z from "zod";

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/stores/",
    access: "authenticated",
    summary:
      "Open a store (multipart: logo, banner optional, JPEG/PNG/WebP checked by content, 5 MB; name, email, phone, address, state (optional: one of the 36 states or the FCT; else guessed from the address), description 50-250 words, slug, website, business_license_number, agreement, facebook, instagram, x). The slug is made unique; the caller becomes Owner. 201 {id, name, slug, logo, banner, state}",
    tag: "stores",
    auth: "required",
    multipart: true,
    status: 201,
    body: StoreCreateSchema,
    // The text fields, the files and earlier uploads are checked together (every message at once).
    bodyCheck: "handler",
    response: StoreSchema,
    async handler(ctx) {
      const user = await ctx.requireUser();
      const body = await ctx.body();
      // Every field's problem at once: the text fields and the files.
      const parsed = StoreCreateSchema.safeParse(storeInput(body));
      const errors: Record<string, string[]> = parsed.success ? {} : zodToDrf(parsed.error);
      const files = (["logo", "banner"] as const).filter((f) => hasFile(body[f])).map((f) => ({ field: f, value: body[f] }));
      // A token of an image uploaded before (POST /stores/uploads/) stands for a file not sent again.
      const uploaded: { logo?: string; banner?: string } = {};
      for (const f of ["logo", "banner"] as const) {
        const token = body[`${f}_upload`];
        if (hasFile(body[f]) || token === undefined || token === "") continue;
        const key = verifyUpload(token, user.id);
        if (key) uploaded[f] = key;
        else errors[f] = [UPLOAD_MESSAGES.invalid];
      }
      let checked: Awaited<ReturnType<typeof checkImages>> = new Map();
      try {
        checked = await checkImages(files);
      } catch (e) {
        const b = (e as { body?: Record<string, string[]> }).body;
        if (!b) throw e;
        Object.assign(errors, b);
      }
      if (Object.keys(errors).length || !parsed.success) throw badRequest(errors);
      const input = parsed.data;
      const stored = await putImages("stores", checked);
      const store = await ctx.db.tx(async (q) => {
        await indexImages(q, stored.values());
        // Clients that send no state: the one the address names (null: priced from Lagos).
        const state = input.state ?? stateFromAddress(input.address);
        return createStore(q, user.id, { ...input, state }, storeSlug(input.slug, input.name), {
          logo: stored.get("logo")?.key ?? uploaded.logo ?? null,
          banner: stored.get("banner")?.key ?? uploaded.banner ?? null,
        });
      });
      log().info({ requestId: ctx.requestId, storeId: store.id, userId: user.id }, "store opened");
      return json(serializeStore(store, ctx.url.origin), 201);
    },
  },
  {
    method: "POST",
    path: "/stores/uploads/",
    access: "authenticated",
    summary:
      "Store an image ahead of the store (multipart `image`: JPEG/PNG/WebP checked by content, 5 MB, re-encoded, as a logo). 201 {upload, url}: `upload` is an opaque token for POST /stores/ `logo_upload`/`banner_upload`, usable by the same user for 24 hours",
    tag: "stores",
    auth: "required",
    multipart: true,
    status: 201,
    body: z.object({ image: z.unknown() }),
    // The photo is judged by its bytes, which no schema sees.
    bodyCheck: "handler",
    response: StoreUploadSchema,
    async handler(ctx) {
      const user = await ctx.requireUser();
      const body = await ctx.body();
      const checked = await checkImage(body.image, "image");
      const stored = await putImages("stores", new Map([["image", checked]]));
      const img = stored.get("image")!;
      await ctx.db.tx((q) => indexImages(q, [img]));
      log().info({ requestId: ctx.requestId, userId: user.id, key: img.key }, "store image uploaded");
      return json({ upload: signUpload(img.key, user.id), url: optionalImageUrl(ctx.url.origin, img.key) }, 201);
    },
  },
  {
    method: "GET",
    path: "/stores/owner/:userId/",
    access: "self",
    summary: "The stores a user owns (bare array, oldest first: the last is the current store); [] for a user with no store",
    tag: "stores",
    auth: "required",
    response: OwnerStoresSchema,
    handler: async (ctx) => json((await storesOwnedBy(ctx.db, ctx.intParam("userId"))).map((s) => serializeStore(s, ctx.url.origin))),
  },
  {
    method: "GET",
    path: "/stores/:slug/",
    access: "public",
    summary: "A store's public page: name, slug, logo, banner, description, website and social links, published products count",
    tag: "stores",
    response: PublicStoreSchema,
    async handler(ctx) {
      const slug = ctx.params.slug ?? "";
      if (!/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(slug)) throw notFound();
      const store = await findStoreBySlug(ctx.db, slug);
      if (!store) throw notFound();
      return json(serializePublicStore(store, ctx.url.origin));
    },
  },
  {
    method: "GET",
    path: "/stores/:slug/scorecard/",
    access: "public",
    summary:
      "A store's record over the last 90 days: orders, delivered, shipped on time, cancelled for a missed deadline, returns accepted (each with its counts), rating; new_seller under 5 orders",
    tag: "stores",
    response: ScorecardSchema,
    async handler(ctx) {
      const slug = ctx.params.slug ?? "";
      if (!/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(slug)) throw notFound();
      const storeId = await storeIdBySlug(ctx.db, slug);
      if (!storeId) throw notFound();
      const card = await storeScorecard(ctx.db, storeId, { confirmHours: env().SHIPMENT_CONFIRM_HOURS, shipHours: env().SHIPMENT_SHIP_HOURS });
      const rating = await ctx.db.query<{ avg: string | null; n: number }>(
        `SELECT round(avg(r.rating), 1)::text AS avg, count(*)::int AS n FROM reviews r JOIN products p ON p.id = r.product_id
          WHERE p.store_id = $1 AND r.created_at >= now() - make_interval(days => $2)`,
        [storeId, card.windowDays],
      );
      const { avg, n } = rating.rows[0];
      // No stock in it: a page that shows it is not dropped by every checkout (the page cache's
      // stock log); the record itself may be up to its max-age old.
      return markShown(json(
        {
          window_days: card.windowDays,
          new_seller: card.newSeller,
          orders: card.orders,
          delivered: card.delivered,
          on_time: card.onTime,
          cancelled: card.cancelled,
          returned: card.returned,
          rating_average: avg === null ? null : Number(avg),
          rating_count: n,
        },
        200,
        { "Cache-Control": "public, max-age=300" },
      ), SHOWS_NOTHING);
    },
  },
  {
    method: "GET",
    path: "/stores/:slug/products/",
    access: "public",
    summary:
      "A store's published products for its public page, newest first; paged like GET /products/ ({count, next, previous, results}; page, page_size) and takes its filters and ordering values",
    tag: "stores",
    query: ProductListQuery,
    response: ProductPageSchema,
    async handler(ctx) {
      const slug = ctx.params.slug ?? "";
      if (!/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(slug)) throw notFound();
      const storeId = await storeIdBySlug(ctx.db, slug);
      if (!storeId) throw notFound();
      const f = { ...filtersFromQuery(ctx.url), storeId, includeUnpublished: false };
      return json(await listProducts(ctx.db, ctx.url, f, 12));
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/dashboard/",
    access: "store-member",
    summary:
      "The seller dashboard: order_cap (the store's daily order cap from its 90-day record, null when it has none, and the orders it took today), sales today, last 7 and 30 days (naira; active items of paid or pay-on-delivery orders), orders by delivery status, top 5 products by units in 30 days, low-stock products, 30 days of daily sales (Lagos days)",
    tag: "stores",
    auth: "required",
    response: StoreDashboardSchema,
    async handler(ctx) {
      const storeId = ctx.intParam("storeId");
      if (!(await findStore(ctx.db, storeId))) throw notFound();
      const cap = await storeOrderCap(ctx.db, storeId, { confirmHours: env().SHIPMENT_CONFIRM_HOURS, shipHours: env().SHIPMENT_SHIP_HOURS });
      return json({
        ...(await storeDashboard(ctx.db, storeId)),
        order_cap: { ...cap, remaining: cap.cap === null ? null : Math.max(0, cap.cap - cap.today) },
      });
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/members/",
    access: "store-owner",
    summary: "A store's members and invitations, the owner first (the store's owner or an admin)",
    tag: "stores",
    auth: "required",
    response: z.array(StoreMemberSchema),
    handler: async (ctx) => json((await storeMembers(ctx.db, ctx.intParam("storeId"))).map(serializeMember)),
  },
  {
    method: "GET",
    path: "/stores/:storeId/membership/",
    access: "store-member",
    summary: "The store (as its public page) and the caller's role in it: Owner, Member, or Admin for an admin who is not a member; 404 for anyone else",
    tag: "stores",
    auth: "required",
    response: MembershipSchema,
    async handler(ctx) {
      const storeId = ctx.intParam("storeId");
      const user = await ctx.requireUser();
      const store = await findStoreById(ctx.db, storeId);
      if (!store) throw notFound();
      const r = await ctx.db.query<{ role: "Owner" | "Member"; order_emails: boolean }>(
        "SELECT role, order_emails FROM store_members WHERE store_id = $1 AND user_id = $2 AND accepted_at IS NOT NULL",
        [storeId, user.id],
      );
      return json({ store: serializePublicStore(store, ctx.url.origin), role: r.rows[0]?.role ?? "Admin", order_emails: r.rows[0]?.order_emails ?? null });
    },
  },
  route({
    method: "PATCH",
    path: "/stores/:storeId/membership/",
    access: "store-member",
    summary:
      "The caller's own settings as a member of the store: {order_emails: boolean} turns their \"New order\" e-mail on or off. 200 {order_emails}; an admin who is not a member: 403",
    tag: "stores",
    auth: "required",
    body: MembershipSettingsBody,
    response: MembershipSettingsSchema,
    async handler(ctx) {
      const storeId = ctx.intParam("storeId");
      const user = await ctx.requireUser();
      const body = await ctx.input();
      const r = await ctx.db.query<{ order_emails: boolean }>(
        "UPDATE store_members SET order_emails = $3 WHERE store_id = $1 AND user_id = $2 AND accepted_at IS NOT NULL RETURNING order_emails",
        [storeId, user.id, body.order_emails],
      );
      // The router let a store member or an admin in; an admin who is not a member has no setting of their own.
      if (!r.rows[0]) throw forbidden("Only the store's members choose whether they get its order e-mails.");
      return json({ order_emails: r.rows[0].order_emails });
    },
  }),
];

// ---- members, invitations and customers: handlers in ./members.server.ts and ./customers.server.ts ----
import { InviteMemberSchema } from "~/domain/members";
import { listCustomers } from "./customers.server";
import { acceptInvitation, getInvitation, inviteMember, removeMember } from "./members.server";
import { InvitationAcceptedSchema, InvitationSchema, MemberInvitationSchema, StoreCustomerPageSchema } from "./schemas";

routes.push(
  {
    method: "POST",
    path: "/stores/:storeId/members/",
    access: "store-owner",
    summary:
      "Invite a member by e-mail {email} (role Member; the store's owner or an admin): an invitation e-mail with an accept link valid 7 days. Again for a pending address: re-sent with a new link (200). An accepted member: 400 on email. 201 the member row with expires_at",
    tag: "stores",
    auth: "required",
    status: 201,
    body: InviteMemberSchema,
    response: MemberInvitationSchema,
    handler: inviteMember,
  },
  {
    method: "DELETE",
    path: "/stores/:storeId/members/:memberId/",
    access: "store-owner",
    summary: "Remove a member or an open invitation (the store's owner or an admin); the Owner cannot be removed (400). 204",
    tag: "stores",
    auth: "required",
    status: 204,
    handler: removeMember,
  },
  {
    method: "GET",
    path: "/stores/invitations/:token/",
    access: "public",
    summary: "An invitation by the token of its link (the token is the credential): store, inviter, e-mail invited, expires_at, expired, accepted; 404 unknown",
    tag: "stores",
    response: InvitationSchema,
    handler: getInvitation,
  },
  {
    method: "POST",
    path: "/stores/invitations/:token/accept/",
    access: "authenticated",
    summary:
      "Accept an invitation: the signed-in user's e-mail must be the invited one (403 otherwise); an expired link 400. Sets the member's account and acceptance (again: no change). {store: {id, name, slug}, role}",
    tag: "stores",
    auth: "required",
    response: InvitationAcceptedSchema,
    handler: acceptInvitation,
  },
  {
    method: "GET",
    path: "/stores/:storeId/customers/",
    access: "store-member",
    summary:
      "A store's customers from its orders (members of the store), most recent first, 10 a page: {count, next, previous, results: [{id (null: guest, known by the order's e-mail), name, email, orders, total_spent, last_order_at, last_order_id}]}",
    tag: "stores",
    auth: "required",
    response: StoreCustomerPageSchema,
    handler: listCustomers,
  },
);

// ---- the business check (issue 36 item 1, decision 0032): ./business-checks.server.ts, app/workflows/business-check.server.ts ----
import { RegistrationSchema } from "~/domain/business-check";
import { requestBusinessCheck } from "~/workflows/business-check.server";
import { storeOrderCap, storeVerification } from "./business-checks.server";
import { BusinessCheckSchema } from "./schemas";
import { serializeBusinessCheck } from "./serialize";

async function businessCheckAnswer(ctx: { db: import("~/db/client.server").Db }, storeId: number) {
  const v = await storeVerification(ctx.db, storeId);
  if (!v) throw notFound();
  return serializeBusinessCheck(v, env().UNVERIFIED_PAYOUT_LIMIT_NAIRA);
}

routes.push(
  {
    method: "GET",
    path: "/stores/:storeId/business-check/",
    access: "store-member",
    summary:
      "The store's business check: status none | pending (the registry did not answer; retried by the background jobs) | verified | not_verified with reasons (not_found, inactive, store_name, account_name), the registered name and status, whether the Verified business badge shows (verified, verified_by registry | admin) and the payout limit while unverified (naira in 30 days)",
    tag: "stores",
    auth: "required",
    response: BusinessCheckSchema,
    handler: async (ctx) => json(await businessCheckAnswer(ctx, ctx.intParam("storeId"))),
  },
  route({
    method: "POST",
    path: "/stores/:storeId/business-check/",
    access: "store-owner",
    summary:
      "Check the store's business with the company registry: {registration_number: \"RC 1234567\" or \"BN 3456789\"} (400 on registration_number otherwise; kept as the store's business_license_number). The registered name is compared with the store's and the payout account's. 200 the check (verified or not_verified with reasons); 202 when the registry could not answer (status pending, retried later)",
    tag: "stores",
    auth: "required",
    body: RegistrationSchema,
    response: BusinessCheckSchema,
    async handler(ctx) {
      const storeId = ctx.intParam("storeId");
      const user = await ctx.requireUser();
      const body = await ctx.input();
      if (!(await findStore(ctx.db, storeId))) throw notFound();
      const run = await requestBusinessCheck(ctx.db, storeId, user.id, body.registration_number);
      return json(await businessCheckAnswer(ctx, storeId), run === "pending" ? 202 : 200);
    },
  }),
);
