/** Admin reads: lists with search and filters, each a page of rows in the API's shape. */
import { orderTotalKobo } from "~/domain/pricing";
import type { Queryable } from "~/db/client.server";
import { koboToNaira } from "~/domain/money";
import { listedSql } from "../catalog/listed";
import type {
  ApiAdminCategory,
  ApiAdminOverview,
  ApiAdminPayment,
  ApiAdminProduct,
  ApiAdminRefund,
  ApiAdminReview,
  ApiAdminStore,
  ApiAdminUser,
  ApiAdminWebhook,
  ApiAuditEntry,
} from "./schemas";

type Stamp = Date | string | null;
export const iso = (v: Stamp) => (v == null ? null : new Date(v).toISOString());
const isoNN = (v: Date | string) => new Date(v).toISOString();

export interface Page {
  limit: number;
  offset: number;
}

/** A search text as a parameter: matched case-insensitively anywhere in the fields (no wildcards). */
const contains = (n: number, ...cols: string[]) => `(${cols.map((c) => `strpos(lower(${c}::text), lower($${n})) > 0`).join(" OR ")})`;

async function pageOf<R>(q: Queryable, from: string, where: string[], params: unknown[], order: string, columns: string, page: Page) {
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} ${w}`, params);
  const rows = await q.query<R>(`SELECT ${columns} FROM ${from} ${w} ORDER BY ${order} LIMIT ${Math.floor(page.limit)} OFFSET ${Math.floor(page.offset)}`, params);
  return { rows: rows.rows, count: count.rows[0].n };
}

export async function overview(q: Queryable): Promise<ApiAdminOverview> {
  const r = await q.query<ApiAdminOverview>(`SELECT
    (SELECT count(*)::int FROM stores) AS stores,
    (SELECT count(*)::int FROM stores WHERE verified_at IS NOT NULL) AS stores_verified,
    (SELECT count(*)::int FROM stores WHERE suspended_at IS NOT NULL) AS stores_suspended,
    (SELECT count(*)::int FROM products p WHERE ${listedSql("p")}) AS products_listed,
    (SELECT count(*)::int FROM products WHERE admin_unpublished_at IS NOT NULL AND deleted_at IS NULL) AS products_unpublished_by_admin,
    (SELECT count(*)::int FROM products p WHERE p.featured AND ${listedSql("p")}) AS products_featured,
    (SELECT count(*)::int FROM categories) AS categories,
    (SELECT count(*)::int FROM categories WHERE retired_at IS NOT NULL) AS categories_retired,
    (SELECT count(*)::int FROM reviews WHERE hidden_at IS NOT NULL) AS reviews_hidden,
    (SELECT count(*)::int FROM users) AS users,
    (SELECT count(*)::int FROM users WHERE NOT is_active) AS users_deactivated,
    (SELECT count(*)::int FROM payment_transactions WHERE payment_status = 'Pending' AND payment_method = 'CardPayment') AS payments_pending,
    (SELECT count(*)::int FROM payment_transactions WHERE provider_status = 'mismatch') AS payments_mismatched,
    (SELECT count(*)::int FROM refunds WHERE status IN ('queued', 'pending', 'processing')) AS refunds_open,
    (SELECT count(*)::int FROM refunds WHERE status = 'failed') AS refunds_failed,
    (SELECT count(*)::int FROM audit_log) AS audit_entries`);
  return r.rows[0];
}

// ---- stores ----------------------------------------------------------------------------------

interface StoreRow {
  id: number;
  name: string;
  slug: string;
  email: string;
  phone: string;
  owner_id: number;
  owner_email: string;
  products_count: number;
  verified_at: Stamp;
  suspended_at: Stamp;
  suspended_reason: string | null;
  created_at: Date | string;
}
const STORE_COLUMNS = `s.id, s.name, s.slug, s.email::text AS email, s.phone, s.owner_id, u.email::text AS owner_email,
  (SELECT count(*)::int FROM products p WHERE p.store_id = s.id AND p.deleted_at IS NULL) AS products_count,
  s.verified_at, s.suspended_at, s.suspended_reason, s.created_at`;
const STORE_FROM = "stores s JOIN users u ON u.id = s.owner_id";
export const serializeStore = (s: StoreRow): ApiAdminStore => ({
  ...s,
  verified_at: iso(s.verified_at),
  suspended_at: iso(s.suspended_at),
  created_at: isoNN(s.created_at),
});

export async function findStore(q: Queryable, id: number, lock = false): Promise<StoreRow | null> {
  const r = await q.query<StoreRow>(`SELECT ${STORE_COLUMNS} FROM ${STORE_FROM} WHERE s.id = $1${lock ? " FOR UPDATE OF s" : ""}`, [id]);
  return r.rows[0] ?? null;
}

export async function listStores(q: Queryable, f: { search?: string; status?: string }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.search) {
    params.push(f.search);
    where.push(contains(params.length, "s.name", "s.slug", "s.email", "u.email"));
  }
  if (f.status === "suspended") where.push("s.suspended_at IS NOT NULL");
  if (f.status === "verified") where.push("s.verified_at IS NOT NULL");
  if (f.status === "unverified") where.push("s.verified_at IS NULL");
  const r = await pageOf<StoreRow>(q, STORE_FROM, where, params, "s.created_at DESC, s.id DESC", STORE_COLUMNS, page);
  return { rows: r.rows.map(serializeStore), count: r.count };
}

// ---- products --------------------------------------------------------------------------------

interface ProductRow {
  id: number;
  name: string;
  store_id: number;
  store_name: string;
  store_slug: string;
  store_suspended: boolean;
  category_id: number;
  category_name: string;
  selling_price_kobo: number;
  published: boolean;
  featured: boolean;
  deleted: boolean;
  admin_unpublished_at: Stamp;
  unpublished_reason: string | null;
  created_at: Date | string;
  certificate_required: boolean;
  certificate_given: boolean;
  certificate_waived: boolean;
}
/** Whether product `p`'s category, or one above it, requires a SON certificate (as the product's detail answer says). */
const CERTIFICATE_REQUIRED_SQL = `(WITH RECURSIVE up AS (
    SELECT id, parent_id, requires_certificate FROM categories WHERE id = p.category_id
    UNION ALL SELECT k.id, k.parent_id, k.requires_certificate FROM categories k JOIN up ON k.id = up.parent_id
  ) SELECT coalesce(bool_or(requires_certificate), false) FROM up)`;
const PRODUCT_COLUMNS = `p.id, p.name, p.store_id, s.name AS store_name, s.slug AS store_slug, s.suspended_at IS NOT NULL AS store_suspended,
  p.category_id, c.name AS category_name, p.selling_price_kobo, p.published, p.featured, p.deleted_at IS NOT NULL AS deleted,
  p.admin_unpublished_at, p.unpublished_reason, p.created_at,
  ${CERTIFICATE_REQUIRED_SQL} AS certificate_required,
  (p.certificate_number IS NOT NULL AND p.certificate_image_key IS NOT NULL) AS certificate_given, p.certificate_waived_at IS NOT NULL AS certificate_waived`;
const PRODUCT_FROM = "products p JOIN stores s ON s.id = p.store_id JOIN categories c ON c.id = p.category_id";
export const serializeAdminProduct = ({ selling_price_kobo, certificate_required, certificate_given, certificate_waived, ...p }: ProductRow): ApiAdminProduct => ({
  ...p,
  certificate: !certificate_required ? "not_needed" : certificate_given ? "given" : certificate_waived ? "waived" : "missing",
  selling_price: koboToNaira(selling_price_kobo),
  admin_unpublished_at: iso(p.admin_unpublished_at),
  created_at: isoNN(p.created_at),
});

export async function findAdminProduct(q: Queryable, id: number, lock = false): Promise<ProductRow | null> {
  const r = await q.query<ProductRow & { store_email: string; owner_id: number }>(
    `SELECT ${PRODUCT_COLUMNS}, s.email::text AS store_email, s.owner_id FROM ${PRODUCT_FROM} WHERE p.id = $1${lock ? " FOR UPDATE OF p" : ""}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function listAdminProducts(q: Queryable, f: { search?: string; status?: string; storeId?: number | null }, page: Page) {
  const where = ["p.deleted_at IS NULL"];
  const params: unknown[] = [];
  if (f.search) {
    params.push(f.search);
    where.push(contains(params.length, "p.name", "s.name", "s.slug"));
  }
  if (f.storeId) {
    params.push(f.storeId);
    where.push(`p.store_id = $${params.length}`);
  }
  if (f.status === "featured") where.push("p.featured");
  if (f.status === "unpublished") where.push("NOT p.published");
  if (f.status === "held") where.push("p.admin_unpublished_at IS NOT NULL");
  // Products held back for want of a SON certificate (issue 36 item 2): none given, none waived.
  if (f.status === "certificate")
    where.push(`${CERTIFICATE_REQUIRED_SQL} AND NOT (p.certificate_number IS NOT NULL AND p.certificate_image_key IS NOT NULL) AND p.certificate_waived_at IS NULL`);
  const r = await pageOf<ProductRow>(q, PRODUCT_FROM, where, params, "p.created_at DESC, p.id DESC", PRODUCT_COLUMNS, page);
  return { rows: r.rows.map(serializeAdminProduct), count: r.count };
}

// ---- categories ------------------------------------------------------------------------------

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  position: number;
  retired_at: Stamp;
  products_count: number;
  subcategories_count: number;
  requires_certificate: boolean;
}

/** Every category (retired too) in tree order with its path, direct live product count and subcategory count. */
export async function listAdminCategories(q: Queryable): Promise<ApiAdminCategory[]> {
  const r = await q.query<CategoryRow>(
    `SELECT c.id, c.name, c.slug, c.parent_id, c.position, c.retired_at, c.requires_certificate,
            (SELECT count(*)::int FROM products p WHERE p.category_id = c.id AND p.deleted_at IS NULL) AS products_count,
            (SELECT count(*)::int FROM categories k WHERE k.parent_id = c.id) AS subcategories_count
       FROM categories c ORDER BY c.position, c.name, c.id`,
  );
  const byId = new Map(r.rows.map((c) => [c.id, c]));
  const pathOf = (c: CategoryRow): string[] => {
    const names: string[] = [];
    let cur: CategoryRow | undefined = c;
    for (let depth = 0; cur && depth < 10; depth++) {
      names.unshift(cur.name);
      cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
    }
    return names;
  };
  return r.rows
    .map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      parent: c.parent_id,
      path: pathOf(c).join(" › "),
      products_count: c.products_count,
      subcategories_count: c.subcategories_count,
      retired_at: iso(c.retired_at),
      requires_certificate: c.requires_certificate,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

export async function findCategory(q: Queryable, id: number, lock = false) {
  const r = await q.query<{ id: number; name: string; slug: string; parent_id: number | null; retired_at: Stamp }>(
    `SELECT id, name, slug, parent_id, retired_at FROM categories WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return r.rows[0] ?? null;
}

// ---- certificate reports (issue 36 item 2) ----------------------------------------------------

interface CertificateReportRow {
  id: number;
  product: number;
  product_name: string;
  store: number | null;
  store_name: string | null;
  store_slug: string | null;
  certificate_number: string | null;
  note: string;
  contact: string | null;
  user: number | null;
  created_at: Date | string;
}

/** Buyers' reports of fake certificates, newest first; `product` narrows to one product. */
export async function listCertificateReports(q: Queryable, f: { productId?: number | null }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.productId) {
    params.push(f.productId);
    where.push(`r.product_id = $${params.length}`);
  }
  const r = await pageOf<CertificateReportRow>(
    q,
    "certificate_reports r JOIN products p ON p.id = r.product_id LEFT JOIN stores s ON s.id = r.store_id",
    where,
    params,
    "r.created_at DESC, r.id DESC",
    `r.id, r.product_id AS product, p.name AS product_name, r.store_id AS store, s.name AS store_name, s.slug AS store_slug,
     r.certificate_number, r.note, r.contact, r.user_id AS "user", r.created_at`,
    page,
  );
  return { rows: r.rows.map((x) => ({ ...x, created_at: new Date(x.created_at).toISOString() })), count: r.count };
}

// ---- reviews ---------------------------------------------------------------------------------

interface ReviewRow {
  id: number;
  product_id: number;
  product_name: string;
  user_id: number;
  user_email: string;
  rating: number;
  review_text: string;
  hidden_at: Stamp;
  hidden_reason: string | null;
  created_at: Date | string;
}
const REVIEW_COLUMNS = `r.id, r.product_id, p.name AS product_name, r.user_id, u.email::text AS user_email, r.rating, r.review_text,
  r.hidden_at, r.hidden_reason, r.created_at`;
const REVIEW_FROM = "reviews r JOIN products p ON p.id = r.product_id JOIN users u ON u.id = r.user_id";
const serializeReview = (r: ReviewRow): ApiAdminReview => ({ ...r, hidden_at: iso(r.hidden_at), created_at: isoNN(r.created_at) });

export async function findAdminReview(q: Queryable, id: number, lock = false) {
  const r = await q.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE r.id = $1${lock ? " FOR UPDATE OF r" : ""}`, [id]);
  return r.rows[0] ? serializeReview(r.rows[0]) : null;
}

export async function listAdminReviews(q: Queryable, f: { search?: string; status?: string; productId?: number | null }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.search) {
    params.push(f.search);
    where.push(contains(params.length, "p.name", "u.email", "r.review_text"));
  }
  if (f.productId) {
    params.push(f.productId);
    where.push(`r.product_id = $${params.length}`);
  }
  if (f.status === "hidden") where.push("r.hidden_at IS NOT NULL");
  if (f.status === "visible") where.push("r.hidden_at IS NULL");
  const r = await pageOf<ReviewRow>(q, REVIEW_FROM, where, params, "r.created_at DESC, r.id DESC", REVIEW_COLUMNS, page);
  return { rows: r.rows.map(serializeReview), count: r.count };
}

// ---- users -----------------------------------------------------------------------------------

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "shopper" | "admin";
  email_verified: boolean;
  is_active: boolean;
  deactivated_at: Stamp;
  created_at: Date | string;
}
const USER_COLUMNS = `u.id, COALESCE(u.email::text, '') AS email, u.first_name, u.last_name, u.role, u.email_verified_at IS NOT NULL AS email_verified,
  u.is_active, u.deactivated_at, u.created_at`;
const serializeUser = (u: UserRow): ApiAdminUser => ({ ...u, deactivated_at: iso(u.deactivated_at), created_at: isoNN(u.created_at) });

export async function findAdminUser(q: Queryable, id: number, lock = false) {
  const r = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
  return r.rows[0] ? serializeUser(r.rows[0]) : null;
}

export async function listAdminUsers(q: Queryable, f: { search?: string; status?: string }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.search) {
    params.push(f.search);
    where.push(contains(params.length, "u.email", "u.first_name", "u.last_name", "(u.first_name || ' ' || u.last_name)"));
  }
  if (f.status === "deactivated") where.push("NOT u.is_active");
  if (f.status === "unverified") where.push("u.email_verified_at IS NULL");
  if (f.status === "admin") where.push("u.role = 'admin'");
  const r = await pageOf<UserRow>(q, "users u", where, params, "u.created_at DESC, u.id DESC", USER_COLUMNS, page);
  return { rows: r.rows.map(serializeUser), count: r.count };
}

// ---- payments --------------------------------------------------------------------------------

interface PaymentRow {
  id: number;
  reference: string;
  order_id: string;
  customer_email: string;
  payment_method: string;
  channel: string;
  payment_status: string;
  provider_status: string | null;
  amount_kobo: number;
  currency: string;
  items_kobo: number;
  ship_kobo: number;
  order_payment_status: string;
  mismatch: string | null;
  paid_kobo: number | null;
  paid_currency: string | null;
  verified_at: Stamp;
  created_at: Date | string;
  updated_at: Date | string;
}
// A mismatch is what settleAttempt (app/api/payments) records: provider_status 'mismatch' with the
// reason and Paystack's verify answer in provider_payload.
const PAYMENT_COLUMNS = `t.id, t.reference, t.order_id::text AS order_id, t.customer_email::text AS customer_email, t.payment_method, t.channel, t.payment_status,
  t.provider_status, t.amount_kobo, t.currency, o.order_total_kobo AS items_kobo, o.shipping_kobo AS ship_kobo, o.order_payment_status,
  CASE WHEN t.provider_status = 'mismatch' THEN coalesce(t.provider_payload->>'reason', 'mismatch') END AS mismatch,
  CASE WHEN t.provider_status = 'mismatch' THEN (t.provider_payload->'verify'->>'amount')::bigint END AS paid_kobo,
  CASE WHEN t.provider_status = 'mismatch' THEN t.provider_payload->'verify'->>'currency' END AS paid_currency,
  t.verified_at, t.created_at, t.updated_at`;
const PAYMENT_FROM = "payment_transactions t JOIN orders o ON o.id = t.order_id";
const serializePayment = ({ amount_kobo, items_kobo, ship_kobo, paid_kobo, ...t }: PaymentRow): ApiAdminPayment => ({
  ...t,
  amount: koboToNaira(amount_kobo),
  order_amount_due: koboToNaira(orderTotalKobo(Number(items_kobo), Number(ship_kobo))),
  paid_amount: paid_kobo == null ? null : koboToNaira(Number(paid_kobo)),
  verified_at: iso(t.verified_at),
  created_at: isoNN(t.created_at),
  updated_at: isoNN(t.updated_at),
});

export async function findAdminPayment(q: Queryable, id: number) {
  const r = await q.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE t.id = $1`, [id]);
  return r.rows[0] ? serializePayment(r.rows[0]) : null;
}

export const PAYMENT_STATUSES = ["Pending", "Complete", "Failed", "Abandoned", "Refunded"] as const;

export async function listAdminPayments(q: Queryable, f: { status?: string; mismatches?: boolean; search?: string }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status && (PAYMENT_STATUSES as readonly string[]).includes(f.status)) {
    params.push(f.status);
    where.push(`t.payment_status = $${params.length}`);
  }
  if (f.mismatches) where.push("t.provider_status = 'mismatch'");
  if (f.search) {
    params.push(f.search);
    where.push(contains(params.length, "t.reference", "t.order_id", "t.customer_email"));
  }
  const r = await pageOf<PaymentRow>(q, PAYMENT_FROM, where, params, "t.created_at DESC, t.id DESC", PAYMENT_COLUMNS, page);
  return { rows: r.rows.map(serializePayment), count: r.count };
}

export async function listWebhooks(q: Queryable, f: { search?: string }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.search) {
    params.push(f.search);
    where.push(contains(params.length, "w.reference", "w.event"));
  }
  const r = await pageOf<{ id: number; provider: string; event: string; reference: string; received_at: Date | string; processed_at: Stamp }>(
    q,
    "webhook_events w",
    where,
    params,
    "w.received_at DESC, w.id DESC",
    "w.id, w.provider, w.event, w.reference, w.received_at, w.processed_at",
    page,
  );
  return {
    rows: r.rows.map((w): ApiAdminWebhook => ({ ...w, received_at: isoNN(w.received_at), processed_at: iso(w.processed_at) })),
    count: r.count,
  };
}

export const REFUND_STATUSES = ["queued", "pending", "processing", "processed", "failed"] as const;

export async function listRefunds(q: Queryable, f: { status?: string }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status && (REFUND_STATUSES as readonly string[]).includes(f.status)) {
    params.push(f.status);
    where.push(`r.status = $${params.length}`);
  }
  type Row = Omit<ApiAdminRefund, "amount" | "created_at" | "updated_at"> & { amount_kobo: number; created_at: Date | string; updated_at: Date | string };
  const r = await pageOf<Row>(
    q,
    "refunds r JOIN payment_transactions t ON t.id = r.payment_transaction_id",
    where,
    params,
    "r.created_at DESC, r.id DESC",
    "r.id, r.order_id::text AS order_id, t.reference AS payment_reference, r.kind, r.amount_kobo, r.currency, r.status, r.reason, r.attempts, r.last_error, r.created_at, r.updated_at",
    page,
  );
  return {
    rows: r.rows.map(({ amount_kobo, ...x }): ApiAdminRefund => ({ ...x, amount: koboToNaira(amount_kobo), created_at: isoNN(x.created_at), updated_at: isoNN(x.updated_at) })),
    count: r.count,
  };
}

// ---- audit -----------------------------------------------------------------------------------

export const AUDIT_TARGETS = ["store", "product", "category", "review", "user", "payment"] as const;

export async function listAudit(q: Queryable, f: { targetType?: string; targetId?: string; action?: string; actor?: string }, page: Page) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.targetType && (AUDIT_TARGETS as readonly string[]).includes(f.targetType)) {
    params.push(f.targetType);
    where.push(`a.target_type = $${params.length}`);
  }
  if (f.targetId) {
    params.push(f.targetId);
    where.push(`a.target_id = $${params.length}`);
  }
  if (f.action) {
    params.push(f.action);
    where.push(contains(params.length, "a.action"));
  }
  if (f.actor) {
    params.push(f.actor);
    where.push(contains(params.length, "u.email"));
  }
  type Row = Omit<ApiAuditEntry, "created_at"> & { created_at: Date | string };
  const r = await pageOf<Row>(
    q,
    "audit_log a LEFT JOIN users u ON u.id = a.actor_id",
    where,
    params,
    "a.created_at DESC, a.id DESC",
    "a.id::int AS id, a.actor_id, u.email::text AS actor_email, a.action, a.target_type, a.target_id, a.before, a.after, a.reason, a.created_at",
    page,
  );
  return { rows: r.rows.map((a): ApiAuditEntry => ({ ...a, created_at: isoNN(a.created_at) })), count: r.count };
}
