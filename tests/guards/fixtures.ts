/**
 * Fixtures for the generated guard tests (fuzz and authorization matrix): one of each owned
 * resource kind, made straight in the database so that they do not depend on the endpoints under
 * test. Every text field carries a unique marker, so a test can tell whether an answer leaked
 * the owner's data.
 */
import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import { createAddress, createCart, createCategory, createOrder, createProduct, createReview, createStore } from "~/db/seed/factories";
import { makeUser, type TestApi } from "../api/harness";

export interface Identity {
  id: number;
  email: string;
  token: string;
}

export interface Store {
  id: number;
  slug: string;
  ownerId: number;
}

/** The cast of the matrix: an owner and the five others who try the owner's things. */
export interface Cast {
  owner: Identity;
  other: Identity;
  member: Identity;
  otherStoreOwner: Identity;
  admin: Identity;
  /** The owner's store (member is a member of it); otherStoreOwner owns otherStore. */
  store: Store;
  otherStore: Store;
  /** The store_members row of `member`. */
  memberRowId: number;
}

export interface Owned {
  /** Unique text that appears in the owner's resources (and nowhere else). */
  marker: string;
  addressId: number;
  cartId: string;
  cartItemId: number;
  guestCartId: string;
  guestCartItemId: number;
  wishlistId: number;
  orderId: string;
  /** The store's shipment of that order (the admin's delivery-code routes). */
  shipmentId: number;
  orderItemId: string;
  paymentId: number;
  reviewId: number;
  /** A published product in stock, and one the owner has received (delivered order). */
  productId: number;
  deliveredProductId: number;
  notificationId: number;
  /** A return (requested) of the owner's order line. */
  returnId: number;
  /** A claim on the fixture line (open, answer due in 48 hours), with one photo. */
  claimId: number;
  claimPhotoId: number;
  /** A quote of the owner's to the owner's store (issue 35) with a live offer (72 hours), or null without a store. */
  quoteId: number | null;
  /** A product of the owner's store (the seeded products belong to other stores) and its photo; null without a store. */
  storeProductId: number | null;
  storeProductImageId: number | null;
  /** An option of the store's product (vendor option writes). */
  storeOptionId: number | null;
  /** An empty category (no product, no subcategory) for the admin's category routes. */
  emptyCategoryId: number;
}

const hex = (n = 4) => crypto.randomBytes(n).toString("hex");

export async function inStockProducts(db: Db, n: number): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    "SELECT id FROM products WHERE published AND stock_quantity >= 50 ORDER BY id LIMIT $1",
    [n],
  );
  if (r.rows.length < n) throw new Error("the seeded catalogue has too few products in stock for the fixtures");
  return r.rows.map((x) => x.id);
}

export async function makeStore(db: Db, ownerId: number, members: number[] = []): Promise<Store> {
  const s = await createStore(db, { owner_id: ownerId, name: `Guard store ${hex()}`, members });
  return { id: s.id, slug: s.slug, ownerId };
}

export async function makeCast(api: TestApi): Promise<Cast> {
  const owner = await makeUser(api, { first_name: "Owner", last_name: `O${hex()}` });
  const other = await makeUser(api, { first_name: "Other", last_name: "Shopper" });
  const member = await makeUser(api, { first_name: "Store", last_name: "Member" });
  const otherStoreOwner = await makeUser(api, { first_name: "Rival", last_name: "Owner" });
  const admin = await makeUser(api, { first_name: "Site", last_name: "Admin", role: "admin" });
  const store = await makeStore(api.db, owner.id, [member.id]);
  const otherStore = await makeStore(api.db, otherStoreOwner.id);
  const row = await api.db.query<{ id: number }>("SELECT id FROM store_members WHERE store_id = $1 AND user_id = $2", [store.id, member.id]);
  return { owner, other, member, otherStoreOwner, admin, store, otherStore, memberRowId: row.rows[0].id };
}

/** One of each resource kind, owned by `ownerId` (made with the shared factories where there is one). */
export async function makeOwned(db: Db, ownerId: number, store: Store | null): Promise<Owned> {
  const marker = `MARK${hex(6)}`;
  const [productId, deliveredProductId, guestProduct] = await inStockProducts(db, 3);
  const address = await createAddress(db, ownerId, { receiver_last_name: marker, street_address: `12 ${marker} Street` });
  // one cart per member: reuse it, with a fresh line
  const existing = await db.query<{ id: string }>("SELECT id::text AS id FROM carts WHERE user_id = $1", [ownerId]);
  const cart = existing.rows[0] ?? (await createCart(db, { user_id: ownerId }));
  const cartItem = await db.query<{ id: number }>(
    `INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, 2)
     ON CONFLICT (cart_id, product_id, option_id) DO UPDATE SET quantity = 2 RETURNING id`,
    [cart.id, productId],
  );
  const guest = await createCart(db, { user_id: null, items: [{ product_id: guestProduct, quantity: 1 }] });
  const guestItem = await db.query<{ id: number }>("SELECT id FROM cart_items WHERE cart_id = $1", [guest.id]);
  const wish = await db.query<{ id: number }>(
    `INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)
     ON CONFLICT (user_id, product_id) DO UPDATE SET created_at = now() RETURNING id`,
    [ownerId, productId],
  );
  const order = await createOrder(db, {
    user_id: ownerId,
    items: [{ product_id: deliveredProductId }],
    delivery_status: "Delivered",
    payment_status: "Complete",
    delivery_address: { street_address: `12 ${marker} Street`, city: "Ikeja", state: "Lagos" },
  });
  await db.query("UPDATE orders SET delivery_address_id = $2, customer_email = (SELECT email FROM users WHERE id = $3) WHERE id = $1", [
    order.id,
    address.id,
    ownerId,
  ]);
  // the order line names the marker and, for the store matrix, the owner's store
  const orderItem = await db.query<{ id: string }>(
    "UPDATE order_items SET product_name = $2, store_id = COALESCE($3, store_id) WHERE order_id = $1 RETURNING id::text AS id",
    [order.id, `${marker} product line`, store?.id ?? null],
  );
  // the line's shipment follows it to the owner's store
  if (store) await db.query("UPDATE shipments SET store_id = $2 WHERE order_id = $1", [order.id, store.id]);
  const payment = await db.query<{ id: number }>(
    `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method, payment_status)
     SELECT $1, $2, $3, 1500000, u.email, 'CardPayment', 'Complete' FROM users u WHERE u.id = $2 RETURNING id`,
    [order.id, ownerId, `ref-${marker}`],
  );
  await db.query("DELETE FROM reviews WHERE product_id = $1 AND user_id = $2", [deliveredProductId, ownerId]);
  const review = await createReview(db, { product_id: deliveredProductId, user_id: ownerId, rating: 4, review_text: `Good, ${marker}` });
  const note = await db.query<{ id: number }>(
    `INSERT INTO notifications (user_id, store_id, kind, title, body) VALUES ($1, $2, 'order', $3, $3) RETURNING id`,
    [store ? null : ownerId, store?.id ?? null, `New order ${marker}`],
  );
  const ret = await db.query<{ id: number }>(
    `INSERT INTO returns (order_item_id, order_id, store_id, user_id, reason, details)
     SELECT id, order_id, store_id, $2, 'Wrong item', $3 FROM order_items WHERE id = $1 RETURNING id`,
    [orderItem.rows[0].id, ownerId, `Not what I ordered ${marker}`],
  );
  const claim = await db.query<{ id: number }>(
    `INSERT INTO claims (order_item_id, order_id, store_id, user_id, reason, line_kobo, answer_due_at)
     SELECT id, order_id, store_id, $2, 'damaged', line_total_kobo, now() + interval '48 hours' FROM order_items WHERE id = $1 RETURNING id`,
    [orderItem.rows[0].id, ownerId],
  );
  const claimMessage = await db.query<{ id: number }>(
    "INSERT INTO claim_messages (claim_id, author_role, author_id, kind, body) VALUES ($1, 'buyer', $2, 'opened', $3) RETURNING id",
    [claim.rows[0].id, ownerId, `Torn bags ${marker}`],
  );
  const claimPhoto = await db.query<{ id: number }>("INSERT INTO claim_photos (claim_id, message_id, photo_key) VALUES ($1, $2, $3) RETURNING id", [
    claim.rows[0].id,
    claimMessage.rows[0].id,
    `claims/matrix-${claim.rows[0].id}.png`,
  ]);
  let storeProductId: number | null = null;
  let storeProductImageId: number | null = null;
  let storeOptionId: number | null = null;
  if (store) {
    const cat = await db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
    await db.query("INSERT INTO images (key, content_type) VALUES ('static/no-image.svg', 'image/svg+xml') ON CONFLICT DO NOTHING");
    const sp = await createProduct(db, { store_id: store.id, user_id: ownerId, category_id: cat.rows[0].id, name: `Store product ${hex()}`, image_keys: ["static/no-image.svg"] });
    storeProductId = sp.id;
    storeProductImageId = (await db.query<{ id: number }>("SELECT id FROM product_images WHERE product_id = $1", [sp.id])).rows[0].id;
    const variant = await db.query<{ id: number }>("INSERT INTO variants (name) VALUES ('Colour') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id");
    storeOptionId = (
      await db.query<{ id: number }>("INSERT INTO product_options (product_id, variant_id, value, price_kobo) VALUES ($1, $2, 'Matrix blue', 150000) RETURNING id", [sp.id, variant.rows[0].id])
    ).rows[0].id;
  }
  let quoteId: number | null = null;
  if (store && storeProductId) {
    const quote = await db.query<{ id: number }>(
      `INSERT INTO quotes (request_group, user_id, store_id, status, contact_first_name, contact_last_name, contact_phone, contact_email, delivery_state, delivery_lga,
                           site_address, city, wanted_date, note)
       SELECT gen_random_uuid(), u.id, $2, 'offered', 'Owner', 'Matrix', '08031234567', u.email, 'Lagos', 'Ikeja', $3, 'Ikeja', current_date + 5, $4
         FROM users u WHERE u.id = $1 RETURNING id`,
      [ownerId, store.id, `12 ${marker} Site`, `Site note ${marker}`],
    );
    quoteId = quote.rows[0].id;
    const line = await db.query<{ id: number }>(
      "INSERT INTO quote_lines (quote_id, product_id, product_name, unit, quantity, list_unit_kobo) VALUES ($1, $2, 'Matrix cement', 'bag', 2, 1250000) RETURNING id",
      [quoteId, storeProductId],
    );
    const offer = await db.query<{ id: number }>(
      `INSERT INTO quote_offers (quote_id, number, delivery_kobo, delivery_date, valid_hours, expires_at) VALUES ($1, 1, 500000, current_date + 6, 72, now() + interval '72 hours') RETURNING id`,
      [quoteId],
    );
    await db.query("INSERT INTO quote_offer_lines (offer_id, quote_line_id, unit_kobo, line_total_kobo) VALUES ($1, $2, 1200000, 2400000)", [offer.rows[0].id, line.rows[0].id]);
  }
  const emptyCategory = await createCategory(db, { name: `Matrix ${marker}` });
  return {
    quoteId,
    marker,
    emptyCategoryId: emptyCategory.id,
    storeProductId,
    storeProductImageId,
    storeOptionId,
    addressId: address.id,
    cartId: cart.id,
    cartItemId: cartItem.rows[0].id,
    guestCartId: guest.id,
    guestCartItemId: guestItem.rows[0].id,
    wishlistId: wish.rows[0].id,
    orderId: order.id,
    shipmentId: (await db.query<{ id: number }>("SELECT id FROM shipments WHERE order_id = $1 ORDER BY id LIMIT 1", [order.id])).rows[0].id,
    orderItemId: orderItem.rows[0].id,
    paymentId: payment.rows[0].id,
    reviewId: review.id,
    productId,
    deliveredProductId,
    notificationId: note.rows[0].id,
    returnId: ret.rows[0].id,
    claimId: claim.rows[0].id,
    claimPhotoId: claimPhoto.rows[0].id,
  };
}

/**
 * A cheap fingerprint of everything a request could write: the row count of every table, and a
 * hash of the rows of the small tables that requests change in place. Rate-limit bookkeeping is
 * left out (a refused login is a 4xx that rightly counts a failure).
 */
export async function dbFingerprint(db: Db, previous?: Record<string, string>): Promise<Record<string, string>> {
  // No transaction id handed out since `previous` was taken means nothing was written anywhere
  // (ids go only to writing transactions, even rolled-back ones): `previous` still holds. Cheap on
  // the embedded engine, which has one database to itself; on a shared server other databases'
  // writes move the mark too, and then the full fingerprint below is taken as before.
  const mark = (await db.query<{ x: string }>("SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x")).rows[0].x;
  if (previous && previous[XMAX_KEY] === mark) return previous;
  const tables = (
    await db.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).rows
    .map((r) => r.t)
    .filter((t) => !IGNORED_TABLES.test(t));
  const hashed = new Set(HASHED_TABLES);
  const parts = tables.map((t) =>
    hashed.has(t)
      ? `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM "${t}" x) AS "${t}"`
      : `(SELECT count(*)::text FROM "${t}") AS "${t}"`,
  );
  const r = await db.query<Record<string, string>>(`SELECT ${parts.join(", ")}`);
  return { ...r.rows[0], [XMAX_KEY]: mark };
}

/** The write mark a fingerprint was taken at; not part of what is compared. */
const XMAX_KEY = "\u0000xmax";

/** Rate limiter state (a refused attempt is counted on purpose). */
export const IGNORED_TABLES = /rate|rlflx|limiter/i;
const HASHED_TABLES = [
  "users",
  "carts",
  "cart_items",
  "addresses",
  "wishlist_items",
  "reviews",
  "orders",
  "order_items",
  "payment_transactions",
  "stores",
  "store_members",
  "notifications",
  "newsletter_subscriptions",
  "refresh_tokens",
  "sessions",
  "email_verifications",
  "password_resets",
];

export function diffFingerprints(a: Record<string, string>, b: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== XMAX_KEY));
  return [...keys].filter((k) => a[k] !== b[k]).map((k) => `${k}: ${a[k]} -> ${b[k]}`);
}
