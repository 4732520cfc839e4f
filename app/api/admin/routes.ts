/**
 * Admin: every route is `access: "admin"` (anonymous 401, everyone else 404, as if the
 * route did not exist). Lists: GET with ?search=, ?status=, ?page=. Changes: POST, each in one
 * transaction with its audit row (commands.server.ts).
 *
 * GET  /admin/overview/
 * GET  /admin/stores/                          search (name, slug, e-mail), status (verified|unverified|suspended)
 * POST /admin/stores/:storeId/verify/ | unverify/ | suspend/ {reason} | reinstate/
 * GET  /admin/products/                        search, status (featured|unpublished|held|certificate), store
 * POST /admin/products/:productId/unpublish/ {reason} | republish/ | feature/ | unfeature/
 * GET  /admin/categories/                      all, retired too, with paths and counts
 * POST /admin/categories/ {name, parent}       POST /admin/categories/:categoryId/rename/ {name} | move/ {parent} | retire/ | restore/
 * DELETE /admin/categories/:categoryId/        only when empty
 * GET  /admin/reviews/                         search, status (hidden|visible), product
 * POST /admin/reviews/:reviewId/hide/ {reason} | unhide/
 * GET  /admin/users/                           search (e-mail, name), status (deactivated|unverified|admin)
 * POST /admin/users/:userId/deactivate/ | reactivate/ | resend-verification/
 * GET  /admin/payments/                        status, mismatches=1, search; /admin/payments/webhooks/, /admin/payments/refunds/
 * POST /admin/payments/:paymentId/verify/      runs the payments area's verification for that attempt now
 * POST /admin/products/:productId/certificate-waiver/ {reason}   publish without a SON certificate (issue 36 item 2)
 * POST /admin/categories/:categoryId/certificate/ {required, reason?}   its products need a SON certificate
 * GET  /admin/certificate-reports/             buyers' reports of fake certificates, newest first; product
 * GET  /admin/audit/                           target_type, target_id, action, actor
 */
import * as z from "zod";
import { CertificateRequirementSchema } from "~/domain/certificates";
import { CategoryCreateSchema, CategoryMoveSchema, CategoryRenameSchema, OptionalReasonSchema, RequiredReasonSchema } from "~/domain/admin";
import { TEXT_MAX } from "~/domain/text";
import { PaystackError } from "~/integrations/paystack/client.server";
import { log } from "~/ops/logger.server";
import { ApiError, badRequest, json, noContent, notFound, paged, pageParams } from "../core/http";
import { parseIntId } from "../core/params";
import { pagedQuery, q } from "../core/query";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { settleAttempt } from "~/workflows/payments.server";
import { findAttemptById } from "../payments/queries.server";
import { audit } from "./audit.server";
import {
  createCategory,
  deleteCategory,
  moveCategory,
  renameCategory,
  resendVerification,
  setCategoryCertificate,
  setCategoryRetired,
  waiveProductCertificate,
  setProductFeatured,
  setProductPublished,
  setReviewHidden,
  setStoreSuspended,
  setStoreVerified,
  setUserActive,
} from "./commands.server";
import {
  findAdminPayment,
  listAdminCategories,
  listAdminPayments,
  listAdminProducts,
  listAdminReviews,
  listAdminUsers,
  listAudit,
  listCertificateReports,
  listRefunds,
  listStores,
  listWebhooks,
  overview,
  serializeAdminProduct,
  serializeStore,
} from "./queries.server";
import {
  AdminCategoryCertificateSchema,
  AdminCategorySchema,
  AdminCertificateReportPageSchema,
  AdminCertificateWaiverSchema,
  AdminOverviewSchema,
  AdminPaymentPageSchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminRefundPageSchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  AdminStorePageSchema,
  AdminStoreSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AdminWebhookPageSchema,
  AuditPageSchema,
  VerifyNowSchema,
} from "./schemas";

const TAG = "admin";

/** A query-string filter: trimmed, at most the search length, "" as absent. */
const qs = (ctx: ApiContext, name: string) => {
  const v = ctx.url.searchParams.get(name)?.trim().slice(0, TEXT_MAX.search);
  return v ? v.split("\u0000").join("") : undefined;
};

async function list<T>(ctx: ApiContext, fn: (page: { limit: number; offset: number }) => Promise<{ rows: T[]; count: number }>) {
  await ctx.requireAdmin();
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
  const { rows, count } = await fn({ limit: pageSize, offset });
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows, count, page, pageSize));
}

/** One admin change: the admin, the body's reason (required or optional), then the change in a transaction. */
function action<T>(
  path: string,
  summary: string,
  opts: { reason: "required" | "optional"; response?: z.ZodType },
  run: (ctx: ApiContext, tx: Parameters<Parameters<ApiContext["db"]["tx"]>[0]>[0], actor: { id: number }, reason: string | null) => Promise<T>,
): RouteDef {
  return route({
    method: "POST",
    access: "admin",
    path,
    summary,
    tag: TAG,
    body: opts.reason === "required" ? RequiredReasonSchema : OptionalReasonSchema,
    response: opts.response,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const { reason } = await ctx.input();
      const out = await ctx.db.tx((tx) => run(ctx, tx, actor, reason));
      return json(out);
    },
  });
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    access: "admin",
    path: "/admin/overview/",
    summary: "Counts for the admin overview: stores (verified, suspended), products, categories, hidden reviews, users, payments, refunds, audit entries",
    tag: TAG,
    response: AdminOverviewSchema,
    async handler(ctx) {
      await ctx.requireAdmin();
      return json(await overview(ctx.db));
    },
  },
  // ---- stores
  {
    method: "GET",
    access: "admin",
    path: "/admin/stores/",
    query: pagedQuery({ search: q("Words of the store's name or e-mail"), status: q("The stores' status") }),
    summary: "Stores, newest first; search (name, slug, store or owner e-mail), status (verified|unverified|suspended)",
    tag: TAG,
    response: AdminStorePageSchema,
    handler: (ctx) => list(ctx, (p) => listStores(ctx.db, { search: qs(ctx, "search"), status: qs(ctx, "status") }, p)),
  },
  action("/admin/stores/:storeId/verify/", "Verify a store: shoppers see the Verified seller badge (optional reason)", { reason: "optional", response: AdminStoreSchema }, async (ctx, tx, a, reason) =>
    serializeStore(await setStoreVerified(tx, a, ctx.intParam("storeId"), true, reason)),
  ),
  action("/admin/stores/:storeId/unverify/", "Remove a store's Verified seller badge (optional reason)", { reason: "optional", response: AdminStoreSchema }, async (ctx, tx, a, reason) =>
    serializeStore(await setStoreVerified(tx, a, ctx.intParam("storeId"), false, reason)),
  ),
  action(
    "/admin/stores/:storeId/suspend/",
    "Suspend a store {reason}: its products leave the catalogue, search, carts and checkout at once; its orders stay visible; the store is told why",
    { reason: "required", response: AdminStoreSchema },
    async (ctx, tx, a, reason) => serializeStore(await setStoreSuspended(tx, a, ctx.intParam("storeId"), true, reason)),
  ),
  action("/admin/stores/:storeId/reinstate/", "Reinstate a suspended store (optional reason)", { reason: "optional", response: AdminStoreSchema }, async (ctx, tx, a, reason) =>
    serializeStore(await setStoreSuspended(tx, a, ctx.intParam("storeId"), false, reason)),
  ),
  // ---- products
  {
    method: "GET",
    access: "admin",
    path: "/admin/products/",
    query: pagedQuery({ search: q("Words of the product's name"), status: q("The products' status"), store: q("A store id") }),
    summary: "Products (not deleted), newest first; search (product or store name), status (featured|unpublished|held|certificate: a SON certificate missing and not waived), store (id); each with `certificate` (not_needed|given|waived|missing)",
    tag: TAG,
    response: AdminProductPageSchema,
    handler: (ctx) =>
      list(ctx, (p) => listAdminProducts(ctx.db, { search: qs(ctx, "search"), status: qs(ctx, "status"), storeId: parseIntId(ctx.url.searchParams.get("store")) }, p)),
  },
  action(
    "/admin/products/:productId/unpublish/",
    "Unpublish a product {reason}: the store gets a notification and an e-mail with the reason; only an admin publishes it again",
    { reason: "required", response: AdminProductSchema },
    async (ctx, tx, a, reason) => serializeAdminProduct(await setProductPublished(tx, a, ctx.intParam("productId"), false, reason)),
  ),
  action("/admin/products/:productId/republish/", "Publish again a product an admin unpublished (optional reason)", { reason: "optional", response: AdminProductSchema }, async (ctx, tx, a, reason) =>
    serializeAdminProduct(await setProductPublished(tx, a, ctx.intParam("productId"), true, reason)),
  ),
  action("/admin/products/:productId/feature/", "Feature a product (the home page's Featured row; optional reason)", { reason: "optional", response: AdminProductSchema }, async (ctx, tx, a, reason) =>
    serializeAdminProduct(await setProductFeatured(tx, a, ctx.intParam("productId"), true, reason)),
  ),
  action("/admin/products/:productId/unfeature/", "Stop featuring a product (optional reason)", { reason: "optional", response: AdminProductSchema }, async (ctx, tx, a, reason) =>
    serializeAdminProduct(await setProductFeatured(tx, a, ctx.intParam("productId"), false, reason)),
  ),
  // ---- categories
  {
    method: "GET",
    access: "admin",
    path: "/admin/categories/",
    summary: "Every category, retired ones too, in tree order with its path, product count and subcategory count (array)",
    tag: TAG,
    response: z.array(AdminCategorySchema),
    async handler(ctx) {
      await ctx.requireAdmin();
      return json(await listAdminCategories(ctx.db));
    },
  },
  route({
    method: "POST",
    access: "admin",
    path: "/admin/categories/",
    summary: "Add a category {name, parent (id or empty for a root category)}; the slug comes from the name",
    tag: TAG,
    body: CategoryCreateSchema,
    status: 201,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const body = await ctx.input();
      const c = await ctx.db.tx((tx) => createCategory(tx, actor, body.name, body.parent));
      return json({ id: c.id, name: c.name, slug: c.slug, parent: c.parent_id }, 201);
    },
  }),
  route({
    method: "POST",
    access: "admin",
    path: "/admin/categories/:categoryId/rename/",
    summary: "Rename a category {name} (its address stays)",
    tag: TAG,
    body: CategoryRenameSchema,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const id = ctx.intParam("categoryId");
      const body = await ctx.input();
      const c = await ctx.db.tx((tx) => renameCategory(tx, actor, id, body.name));
      return json({ id: c.id, name: c.name, slug: c.slug, parent: c.parent_id });
    },
  }),
  route({
    method: "POST",
    access: "admin",
    path: "/admin/categories/:categoryId/move/",
    summary: "Move a category under another parent {parent (id, or empty for the top level)}; a move under itself or its own subcategory is refused",
    tag: TAG,
    body: CategoryMoveSchema,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const id = ctx.intParam("categoryId");
      const body = await ctx.input();
      const c = await ctx.db.tx((tx) => moveCategory(tx, actor, id, body.parent));
      return json({ id: c.id, name: c.name, slug: c.slug, parent: c.parent_id });
    },
  }),
  action("/admin/categories/:categoryId/retire/", "Retire a category: out of menus and listings (its products too); refused while it has subcategories in use", { reason: "optional" }, async (ctx, tx, a, reason) => {
    const c = await setCategoryRetired(tx, a, ctx.intParam("categoryId"), true, reason);
    return { id: c.id, name: c.name, retired: true };
  }),
  action("/admin/categories/:categoryId/restore/", "Restore a retired category", { reason: "optional" }, async (ctx, tx, a, reason) => {
    const c = await setCategoryRetired(tx, a, ctx.intParam("categoryId"), false, reason);
    return { id: c.id, name: c.name, retired: false };
  }),
  {
    method: "DELETE",
    access: "admin",
    path: "/admin/categories/:categoryId/",
    summary: "Delete an empty category (no product, no subcategory); otherwise 400: retire it instead",
    tag: TAG,
    status: 204,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const id = ctx.intParam("categoryId");
      await ctx.db.tx((tx) => deleteCategory(tx, actor, id));
      return noContent();
    },
  },
  // ---- certificates (issue 36 item 2)
  route({
    method: "POST",
    access: "admin",
    path: "/admin/categories/:categoryId/certificate/",
    summary: "Whether a category's products need a SON certificate (number and photo) to be published {required, reason?} (audited); products under it need one too",
    tag: TAG,
    body: CertificateRequirementSchema,
    response: AdminCategoryCertificateSchema,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const id = ctx.intParam("categoryId");
      const body = await ctx.input();
      return json(await ctx.db.tx((tx) => setCategoryCertificate(tx, actor, id, body.required, body.reason)));
    },
  }),
  action(
    "/admin/products/:productId/certificate-waiver/",
    "Let a product of a category that requires a SON certificate be published without one {reason} (audited; the store is told)",
    { reason: "required", response: AdminCertificateWaiverSchema },
    (ctx, tx, a, reason) => waiveProductCertificate(tx, a, ctx.intParam("productId"), reason ?? ""),
  ),
  {
    method: "GET",
    access: "admin",
    path: "/admin/certificate-reports/",
    query: pagedQuery({ product: q("A product id") }),
    summary: "Buyers' reports of fake SON certificates, newest first; product narrows to one product",
    tag: TAG,
    response: AdminCertificateReportPageSchema,
    handler: (ctx) => list(ctx, (p) => listCertificateReports(ctx.db, { productId: parseIntId(ctx.url.searchParams.get("product")) }, p)),
  },
  // ---- reviews
  {
    method: "GET",
    access: "admin",
    path: "/admin/reviews/",
    query: pagedQuery({ search: q("Words of the review"), status: q("The reviews' status"), product: q("A product id") }),
    summary: "Reviews, newest first; search (product, author e-mail, text), status (hidden|visible), product (id)",
    tag: TAG,
    response: AdminReviewPageSchema,
    handler: (ctx) =>
      list(ctx, (p) => listAdminReviews(ctx.db, { search: qs(ctx, "search"), status: qs(ctx, "status"), productId: parseIntId(ctx.url.searchParams.get("product")) }, p)),
  },
  action("/admin/reviews/:reviewId/hide/", "Hide a review {reason}: it leaves the product's reviews and rating summary", { reason: "required", response: AdminReviewSchema }, (ctx, tx, a, reason) =>
    setReviewHidden(tx, a, ctx.intParam("reviewId"), true, reason),
  ),
  action("/admin/reviews/:reviewId/unhide/", "Show a hidden review again", { reason: "optional", response: AdminReviewSchema }, (ctx, tx, a, reason) =>
    setReviewHidden(tx, a, ctx.intParam("reviewId"), false, reason),
  ),
  // ---- users
  {
    method: "GET",
    access: "admin",
    path: "/admin/users/",
    query: pagedQuery({ search: q("Words of the name or e-mail"), status: q("The users' status") }),
    summary: "Users, newest first; search (e-mail or name), status (deactivated|unverified|admin)",
    tag: TAG,
    response: AdminUserPageSchema,
    handler: (ctx) => list(ctx, (p) => listAdminUsers(ctx.db, { search: qs(ctx, "search"), status: qs(ctx, "status") }, p)),
  },
  action(
    "/admin/users/:userId/deactivate/",
    "Deactivate a user: every session ends at once (tokens refused) and sign-in is refused with a clear message (optional reason)",
    { reason: "optional", response: AdminUserSchema },
    (ctx, tx, a, reason) => setUserActive(tx, a, ctx.intParam("userId"), false, reason),
  ),
  action("/admin/users/:userId/reactivate/", "Reactivate a user (optional reason)", { reason: "optional", response: AdminUserSchema }, (ctx, tx, a, reason) =>
    setUserActive(tx, a, ctx.intParam("userId"), true, reason),
  ),
  {
    method: "POST",
    access: "admin",
    path: "/admin/users/:userId/resend-verification/",
    summary: "Send the user a new e-mail verification link (400 when already verified or deactivated)",
    tag: TAG,
    response: AdminUserSchema,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      return json(await resendVerification(ctx.db, actor, ctx.intParam("userId")));
    },
  },
  // ---- payments
  {
    method: "GET",
    access: "admin",
    path: "/admin/payments/",
    query: pagedQuery({ status: q("The payments' status"), mismatches: q("1/true: only payments the provider reported as a mismatch"), search: q("Reference, order or e-mail") }),
    summary: "Payment attempts, newest first; status (Pending|Complete|Failed|Abandoned|Refunded), mismatches=1 (Paystack's amount or currency differed), search (reference, order id, e-mail)",
    tag: TAG,
    response: AdminPaymentPageSchema,
    handler: (ctx) =>
      list(ctx, (p) =>
        listAdminPayments(ctx.db, { status: qs(ctx, "status"), mismatches: ["1", "true", "yes"].includes(ctx.url.searchParams.get("mismatches") ?? ""), search: qs(ctx, "search") }, p),
      ),
  },
  {
    method: "GET",
    access: "admin",
    path: "/admin/payments/webhooks/",
    query: pagedQuery({ search: q("Reference or event") }),
    summary: "Webhooks received, newest first; search (reference or event)",
    tag: TAG,
    response: AdminWebhookPageSchema,
    handler: (ctx) => list(ctx, (p) => listWebhooks(ctx.db, { search: qs(ctx, "search") }, p)),
  },
  {
    method: "GET",
    access: "admin",
    path: "/admin/payments/refunds/",
    query: pagedQuery({ status: q("The refunds' status") }),
    summary: "Refunds and their status, newest first; status (queued|pending|processing|processed|failed)",
    tag: TAG,
    response: AdminRefundPageSchema,
    handler: (ctx) => list(ctx, (p) => listRefunds(ctx.db, { status: qs(ctx, "status") }, p)),
  },
  {
    method: "POST",
    access: "admin",
    path: "/admin/payments/:paymentId/verify/",
    summary: "Verify one payment attempt with Paystack now (the verification confirm_payment and the reconcile job run); answers the outcome and the attempt. 503 when Paystack cannot be asked",
    tag: TAG,
    response: VerifyNowSchema,
    async handler(ctx) {
      const actor = await ctx.requireAdmin();
      const id = ctx.intParam("paymentId");
      const attempt = await findAttemptById(ctx.db, id);
      if (!attempt) throw notFound();
      if (attempt.payment_method !== "CardPayment") throw badRequest({ non_field_errors: ["Only card payments are verified with Paystack."] });
      const before = await findAdminPayment(ctx.db, id);
      let outcome: string;
      try {
        // "confirm": asks Paystack and applies what it says; an unknown reference stays Pending
        // (the shopper may still be on Paystack's page) rather than being abandoned.
        outcome = await settleAttempt(ctx.db, attempt, "confirm");
      } catch (e) {
        if (e instanceof PaystackError) {
          log().warn({ err: e, reference: attempt.reference }, "admin verify: Paystack unreachable");
          throw new ApiError(503, { detail: "Paystack could not be reached. Try again in a moment." });
        }
        throw e;
      }
      const after = (await findAdminPayment(ctx.db, id))!;
      const state = (p: typeof after) => ({ payment_status: p.payment_status, provider_status: p.provider_status, order_payment_status: p.order_payment_status });
      await ctx.db.tx((tx) => audit(tx, { actorId: actor.id, action: "payment.verify", targetType: "payment", targetId: id, before: state(before!), after: { ...state(after), outcome } }));
      return json({ outcome, payment: after });
    },
  },
  // ---- audit
  {
    method: "GET",
    access: "admin",
    path: "/admin/audit/",
    query: pagedQuery({ target_type: q("What was changed (store, product, user…)"), target_id: q("Its id"), action: q("Part of the action's name"), actor: q("Part of the acting admin's e-mail") }),
    summary: "The audit log, newest first: who, what, when, before/after, reason; filter by target_type (store|product|category|review|user|payment), target_id, action, actor (e-mail)",
    tag: TAG,
    response: AuditPageSchema,
    handler: (ctx) =>
      list(ctx, (p) => listAudit(ctx.db, { targetType: qs(ctx, "target_type"), targetId: qs(ctx, "target_id"), action: qs(ctx, "action"), actor: qs(ctx, "actor") }, p)),
  },
];
