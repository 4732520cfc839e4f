/**
 * Shared test and demo data: one place that knows how to make a valid user, address, category,
 * store (with its members), product, review, cart and order. The demo seed builds its rows with
 * the `*Row` builders (then inserts them in bulk); API tests and e2e create single records with
 * the `create*` functions, which take any Queryable (the pool or a transaction).
 *
 * Category slugs made here never collide with a reserved top-level path (app/domain/reserved-paths.ts).
 */
import { itemsTotalKobo, lineTotalKobo } from "~/domain/pricing";
import crypto from "node:crypto";
import type { Queryable } from "~/db/client.server";
import { isReservedSlug } from "~/domain/reserved-paths";
import type { AddressFields } from "~/domain/addresses";

const uid = () => crypto.randomBytes(5).toString("hex");
const iso = (v: Date | string | number | undefined) => (v === undefined ? new Date().toISOString() : new Date(v).toISOString());

/** Inserts one row (column names from the object's keys) and returns the named columns. */
export async function insertRow<T extends Record<string, unknown>>(q: Queryable, table: string, row: Record<string, unknown>, returning = "id"): Promise<T> {
  const cols = Object.keys(row).filter((k) => row[k] !== undefined);
  const values = cols.map((k) => row[k]);
  const r = await q.query<T>(
    `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING ${returning}`,
    values,
  );
  return r.rows[0];
}

// ---- users ---------------------------------------------------------------------------------

export interface UserInput {
  email?: string;
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  role?: "shopper" | "admin";
  password_hash?: string | null;
  /** Verified e-mail (default true). */
  verified?: boolean;
  created_at?: Date | string;
}

export function userRow(over: UserInput = {}) {
  const at = iso(over.created_at);
  return {
    email: over.email ?? `u${uid()}@example.com`,
    password_hash: over.password_hash ?? null,
    first_name: over.first_name ?? "Test",
    last_name: over.last_name ?? "User",
    phone: over.phone === undefined ? "+2348030000000" : over.phone,
    role: over.role ?? "shopper",
    email_verified_at: over.verified === false ? null : at,
    created_at: at,
  };
}

export async function createUser(q: Queryable, over: UserInput = {}): Promise<{ id: number; email: string }> {
  const row = userRow(over);
  const r = await insertRow<{ id: number }>(q, "users", { ...row, updated_at: row.created_at });
  return { id: r.id, email: row.email };
}

// ---- addresses -----------------------------------------------------------------------------

export type AddressInput = AddressFields;

export function addressRow(userId: number, over: AddressInput = {}) {
  return {
    user_id: userId,
    receiver_first_name: over.receiver_first_name ?? "Ada",
    receiver_last_name: over.receiver_last_name ?? "Obi",
    receiver_phone_one: over.receiver_phone_one ?? "+2348031234567",
    receiver_phone_two: over.receiver_phone_two ?? null,
    street_address: over.street_address ?? "12 Allen Avenue, Ikeja",
    city: over.city ?? "Ikeja",
    state: over.state ?? "Lagos",
    country: "NGA",
    zip_code: over.zip_code ?? null,
    lga: over.lga ?? null,
    landmark: over.landmark ?? null,
    is_default: over.is_default ?? false,
  };
}

/** Adds an address; the user's first one becomes the default. */
export async function createAddress(q: Queryable, userId: number, over: AddressInput = {}): Promise<{ id: number }> {
  const n = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM addresses WHERE user_id = $1", [userId]);
  const row = addressRow(userId, { ...over, is_default: over.is_default ?? n.rows[0].n === 0 });
  if (row.is_default) await q.query("UPDATE addresses SET is_default = false WHERE user_id = $1", [userId]);
  return insertRow<{ id: number }>(q, "addresses", row);
}

// ---- categories ----------------------------------------------------------------------------

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A category slug for a name that is not a reserved top-level path: "cart" becomes "cart-items".
 * Throws when even that is reserved (never, with today's list).
 */
export function categorySlug(nameOrSlug: string): string {
  let s = slugify(nameOrSlug) || "category";
  if (isReservedSlug(s)) s = `${s}-items`;
  if (isReservedSlug(s)) throw new Error(`category slug "${s}" is a reserved path`);
  return s;
}

export interface CategoryInput {
  name?: string;
  slug?: string;
  parent_id?: number | null;
  position?: number;
  created_at?: Date | string;
  /** Issue 36 item 2: its products need a SON certificate to be published (createCategory only). */
  requires_certificate?: boolean;
}

/** A category row; a given slug that is reserved is refused (the seed's data must not use one). */
export function categoryRow(over: CategoryInput = {}) {
  const name = over.name ?? `Category ${uid()}`;
  const slug = over.slug ?? categorySlug(name);
  if (isReservedSlug(slug)) throw new Error(`category slug "${slug}" is a reserved top-level path`);
  return { name, slug, parent_id: over.parent_id ?? null, position: over.position ?? 0, created_at: iso(over.created_at) };
}

export async function createCategory(q: Queryable, over: CategoryInput = {}): Promise<{ id: number; slug: string }> {
  const row = categoryRow({ ...over, slug: over.slug ?? (over.name ? `${categorySlug(over.name)}-${uid()}` : undefined) });
  const r = await insertRow<{ id: number }>(q, "categories", row);
  if (over.requires_certificate) await q.query("UPDATE categories SET requires_certificate = true WHERE id = $1", [r.id]);
  return { id: r.id, slug: row.slug };
}

// ---- stores and members --------------------------------------------------------------------

export interface StoreInput {
  owner_id: number;
  name?: string;
  slug?: string;
  email?: string;
  phone?: string;
  website?: string;
  address?: string;
  description?: string;
  business_license_number?: string;
  logo_key?: string | null;
  banner_key?: string | null;
  /** The state the store ships from (canonical name); default "Lagos". Null: unknown (priced as Lagos). */
  state?: string | null;
  created_at?: Date | string;
}

export function storeRow(over: StoreInput) {
  const name = over.name ?? `Test Store ${uid()}`;
  const at = iso(over.created_at);
  return {
    owner_id: over.owner_id,
    name,
    slug: over.slug ?? `${slugify(name)}-${uid()}`,
    email: over.email ?? `store-${uid()}@example.com`,
    phone: over.phone ?? "+2348030000001",
    website: over.website ?? "",
    address: over.address ?? "1 Marina Road, Lagos Island",
    description: over.description ?? "",
    business_license_number: over.business_license_number ?? "",
    logo_key: over.logo_key ?? null,
    banner_key: over.banner_key ?? null,
    state: over.state === undefined ? "Lagos" : over.state,
    agreement: true,
    created_at: at,
    updated_at: at,
  };
}

/** The owner's membership row of a store (migration 0004's trigger adds the same on insert). */
export function ownerMemberRow(storeId: number, ownerId: number, ownerEmail: string, at?: Date | string) {
  return { store_id: storeId, user_id: ownerId, email: ownerEmail, role: "Owner" as const, accepted_at: iso(at), created_at: iso(at) };
}

/** Adds (or changes) a member of a store; `accepted` false leaves an open invitation. */
export async function addStoreMember(q: Queryable, storeId: number, userId: number, role: "Owner" | "Member" = "Member", accepted = true) {
  await q.query(
    `INSERT INTO store_members (store_id, user_id, email, role, accepted_at)
       SELECT $1, u.id, u.email, $3, CASE WHEN $4::boolean THEN now() END FROM users u WHERE u.id = $2
     ON CONFLICT (store_id, email) DO UPDATE SET role = EXCLUDED.role, user_id = EXCLUDED.user_id, accepted_at = EXCLUDED.accepted_at`,
    [storeId, userId, role, accepted],
  );
}

/** A store owned by `owner_id` (an accepted Owner member), plus accepted Members `members`. */
export async function createStore(q: Queryable, over: StoreInput & { members?: number[] }): Promise<{ id: number; slug: string }> {
  const { members = [], ...input } = over;
  const row = storeRow(input);
  const r = await insertRow<{ id: number }>(q, "stores", row);
  await addStoreMember(q, r.id, row.owner_id, "Owner");
  for (const m of members) await addStoreMember(q, r.id, m, "Member");
  return { id: r.id, slug: row.slug };
}

// ---- products ------------------------------------------------------------------------------

export interface ProductInput {
  store_id: number;
  user_id: number;
  category_id: number;
  name?: string;
  description?: string;
  type?: "sale" | "rent";
  size?: "small" | "medium" | "large";
  price_kobo?: number;
  selling_price_kobo?: number;
  stock_quantity?: number;
  published?: boolean;
  featured?: boolean;
  created_at?: Date | string;
}

export function productRow(over: ProductInput) {
  const price = over.price_kobo ?? 1_250_000;
  const at = iso(over.created_at);
  return {
    store_id: over.store_id,
    user_id: over.user_id,
    category_id: over.category_id,
    name: over.name ?? `Test product ${uid()}`,
    description: over.description ?? "A sturdy product for tests.",
    type: over.type ?? "sale",
    size: over.size ?? "medium",
    price_kobo: price,
    selling_price_kobo: over.selling_price_kobo ?? price,
    stock_quantity: over.stock_quantity ?? 100,
    published: over.published ?? true,
    featured: over.featured ?? false,
    created_at: at,
    updated_at: at,
  };
}

export async function createProduct(q: Queryable, over: ProductInput & { image_keys?: string[] }): Promise<{ id: number }> {
  const { image_keys = [], ...input } = over;
  const r = await insertRow<{ id: number }>(q, "products", productRow(input));
  for (const [i, key] of image_keys.entries())
    await q.query("INSERT INTO product_images (product_id, image_key, position) VALUES ($1, $2, $3)", [r.id, key, i]);
  return r;
}

// ---- reviews, carts, orders ----------------------------------------------------------------

export function reviewRow(over: { product_id: number; user_id: number; rating?: number; review_text?: string; created_at?: Date | string }) {
  const at = iso(over.created_at);
  return {
    product_id: over.product_id,
    user_id: over.user_id,
    rating: over.rating ?? 5,
    review_text: over.review_text ?? "Good value and delivered on time.",
    created_at: at,
    updated_at: at,
  };
}

export async function createReview(q: Queryable, over: Parameters<typeof reviewRow>[0]): Promise<{ id: number }> {
  return insertRow<{ id: number }>(q, "reviews", reviewRow(over));
}

/** A cart (guest when user_id is null) with lines. */
export async function createCart(
  q: Queryable,
  over: { user_id?: number | null; items?: Array<{ product_id: number; quantity?: number }> } = {},
): Promise<{ id: string }> {
  const r = await q.query<{ id: string }>("INSERT INTO carts (user_id) VALUES ($1) RETURNING id::text AS id", [over.user_id ?? null]);
  for (const it of over.items ?? [])
    await q.query("INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, $3)", [r.rows[0].id, it.product_id, it.quantity ?? 1]);
  return r.rows[0];
}

/** The order steps reached by each delivery status (for the status history of a made-up order). */
const STEPS_REACHED = { Placed: ["placed"], Confirmed: ["placed", "confirmed"], Shipped: ["placed", "confirmed", "shipped"], Delivered: ["placed", "confirmed", "shipped", "delivered"] } as const;

/**
 * An order of `userId` with one line per item (a snapshot of each product's name and price) and
 * its status history (order_events: placed, then each step reached, and paid, `stepHours` apart
 * from `created_at`; cancelled items get a cancelled event). Stock is not touched.
 */
export async function createOrder(
  q: Queryable,
  over: {
    user_id: number | null;
    items: Array<{ product_id: number; quantity?: number; status?: "Active" | "Cancelled"; cancel_reason?: string }>;
    delivery_status?: "Placed" | "Confirmed" | "Shipped" | "Delivered";
    payment_status?: "Pending" | "Complete";
    payment_method?: "CardPayment" | "PayOnDelivery";
    shipping_kobo?: number;
    /** Each store's shipment's shipping fee (kobo), by store id; without it the whole fee is on the first store's. */
    shipping_by_store?: Record<number, number>;
    delivery_address?: Record<string, unknown>;
    delivery_address_id?: number | null;
    delivery_state?: string | null;
    customer_email?: string | null;
    created_at?: Date | string;
    /** Hours between the recorded steps (default 20). */
    stepHours?: number;
  },
): Promise<{ id: string }> {
  const products = await q.query<{ id: number; name: string; selling_price_kobo: number; store_id: number }>(
    "SELECT id, name, selling_price_kobo, store_id FROM products WHERE id = ANY($1::int[])",
    [over.items.map((i) => i.product_id)],
  );
  const byId = new Map(products.rows.map((p) => [p.id, p]));
  // The order's items are its active lines' totals (app/domain/pricing.ts), as placement writes them.
  const total = itemsTotalKobo(
    over.items.filter((i) => i.status !== "Cancelled").map((i) => ({ totalKobo: lineTotalKobo(byId.get(i.product_id)?.selling_price_kobo ?? 0, i.quantity ?? 1) })),
  );
  const at = new Date(over.created_at ?? Date.now());
  const step = (n: number) => new Date(at.getTime() + n * (over.stepHours ?? 20) * 3600_000).toISOString();
  const delivery = over.delivery_status ?? "Placed";
  const reached = STEPS_REACHED[delivery];
  const address = over.delivery_address ?? addressRow(over.user_id ?? 0);
  const o = await insertRow<{ id: string }>(q, "orders", {
    user_id: over.user_id,
    customer_email: over.customer_email ?? null,
    delivery_address_id: over.delivery_address_id ?? null,
    delivery_address: JSON.stringify(address),
    delivery_state: over.delivery_state ?? (typeof address.state === "string" ? address.state : null),
    order_total_kobo: total,
    shipping_kobo: over.shipping_kobo ?? 0,
    order_delivery_status: delivery,
    order_payment_status: over.payment_status ?? "Pending",
    order_payment_method: over.payment_method ?? "CardPayment",
    created_at: at.toISOString(),
    updated_at: step(reached.length - 1),
  });
  for (const [n, kind] of reached.entries()) await q.query("INSERT INTO order_events (order_id, kind, created_at) VALUES ($1, $2, $3)", [o.id, kind, step(n)]);
  if (over.payment_status === "Complete")
    await q.query("INSERT INTO order_events (order_id, kind, created_at) VALUES ($1, 'paid', $2)", [
      o.id,
      over.payment_method === "PayOnDelivery" && delivery === "Delivered" ? step(reached.length - 1) : step(0.05),
    ]);
  for (const it of over.items) {
    const p = byId.get(it.product_id);
    if (!p) throw new Error(`createOrder: product ${it.product_id} missing`);
    const cancelled = it.status === "Cancelled";
    const r = await q.query<{ id: string }>(
      `INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, line_total_kobo, status, cancel_reason, cancelled_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::text AS id`,
      [
        o.id,
        p.id,
        p.store_id,
        p.name,
        it.quantity ?? 1,
        p.selling_price_kobo,
        lineTotalKobo(p.selling_price_kobo, it.quantity ?? 1),
        it.status ?? "Active",
        cancelled ? (it.cancel_reason ?? "Financial Constraint") : null,
        cancelled ? step(0.5) : null,
        at.toISOString(),
      ],
    );
    if (cancelled) await q.query("INSERT INTO order_events (order_id, order_item_id, kind, created_at) VALUES ($1, $2, 'cancelled', $3)", [o.id, r.rows[0].id, step(0.5)]);
  }
  // One shipment per store, all at the order's status and step dates; the shipping fee on the
  // first store's; a delivered pay-on-delivery order marked paid had its cash recorded.
  const steps: readonly string[] = reached;
  const stepAt = (s: string) => (steps.includes(s) ? step(steps.indexOf(s)) : null);
  const cashIn = over.payment_method === "PayOnDelivery" && over.payment_status === "Complete" && delivery === "Delivered";
  await q.query(
    `INSERT INTO shipments (order_id, store_id, origin_state, status, shipping_kobo, confirmed_at, shipped_at, delivered_at, cash_received_at, cash_received_kobo, created_at)
     SELECT $1, x.store_id, s.state, $2, COALESCE(($9::jsonb ->> x.store_id::text)::bigint, CASE WHEN x.rn = 1 THEN $3::bigint ELSE 0 END), $4::timestamptz, $5::timestamptz, $6::timestamptz,
            CASE WHEN $7 THEN $6::timestamptz END,
            CASE WHEN $7 THEN (SELECT COALESCE(sum(oi.line_total_kobo), 0) FROM order_items oi WHERE oi.order_id = $1 AND oi.store_id = x.store_id AND oi.status = 'Active')
                              + COALESCE(($9::jsonb ->> x.store_id::text)::bigint, CASE WHEN x.rn = 1 THEN $3::bigint ELSE 0 END) END,
            $8::timestamptz
       FROM (SELECT store_id, row_number() OVER (ORDER BY store_id) AS rn FROM (SELECT DISTINCT store_id FROM order_items WHERE order_id = $1) d) x
       LEFT JOIN stores s ON s.id = x.store_id`,
    [o.id, delivery, over.shipping_kobo ?? 0, stepAt("confirmed"), stepAt("shipped"), stepAt("delivered"), cashIn, at.toISOString(), JSON.stringify(over.shipping_by_store ?? {})],
  );
  await q.query("UPDATE orders SET announced_at = created_at, lines_changed_at = created_at WHERE id = $1", [o.id]);
  return o;
}
