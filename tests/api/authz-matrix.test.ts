/**
 * Authorization matrix, generated from the route table: every route that is not "public" is
 * tried as anonymous, the owner, another shopper, a member of the owner's store, another store's
 * owner and an admin, on fresh fixtures of each resource kind (tests/guards/fixtures.ts). What
 * each may do comes from the route's `access` declaration (see `Access` in app/api/router.ts):
 *
 *   - a leak: someone who should be denied gets a 2xx, any other answer than 401/403/404, or an
 *     answer that contains the owner's data (the fixtures' marker or the owner's e-mail);
 *   - a wrong denial: someone who may use the route gets anything but a 2xx.
 *
 * A route without a declaration fails the first test, and a :param this file cannot fill fails
 * the matrix: a new route must be declared and, if it names a new kind of resource, taught here.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { listRoutes, type Access, type RouteDef } from "~/api/router";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { createOrder } from "~/db/seed/factories";
import { getStorage } from "~/integrations/storage.server";
import { engines, useApi, type TestApi } from "./harness";
import { file, image, storeFields, words } from "./vendor-helpers";
import { inStockProducts, makeCast, makeOwned, type Cast, type Identity, type Owned } from "../guards/fixtures";

type Who = "anonymous" | "owner" | "other" | "member" | "otherStoreOwner" | "admin";
const WHO: Who[] = ["anonymous", "other", "member", "otherStoreOwner", "admin", "owner"];

const ACCESS_VALUES: Access[] = ["public", "authenticated", "self", "self-only", "owner", "holder", "store-member", "store-owner", "admin"];

/** Who may use a route of each access kind on the owner's things (everyone else is denied). */
const ALLOWED: Record<Exclude<Access, "public">, Who[]> = {
  authenticated: ["owner", "other", "member", "otherStoreOwner", "admin"],
  self: ["owner", "admin"],
  "self-only": ["owner"],
  owner: ["owner", "admin"],
  holder: ["owner", "admin"], // a member's cart; a guest cart is tried separately (anyone holding the id)
  "store-member": ["owner", "member", "admin"],
  "store-owner": ["owner", "admin"],
  admin: ["admin"],
};

/** Who may see the owner's data in an answer (for "authenticated" routes, everyone acts on their own account). */
const MAY_SEE_OWNER_DATA: Record<Exclude<Access, "public">, Who[]> = {
  ...ALLOWED,
  authenticated: ["owner", "admin"],
};

const DENIAL = new Set([401, 403, 404]);

function declared(r: RouteDef): Access | undefined {
  return r.access;
}

const routeName = (r: RouteDef) => `${r.method} ${r.path}`;

/** Fills the :params of a route with the owner's fixtures (guest: the guest cart instead of the member's). */
function fillPath(r: RouteDef, cast: Cast, o: Owned, guest: boolean): { path: string; missing: string[] } {
  const missing: string[] = [];
  const p = r.path;
  const path = p.replace(/:([a-zA-Z_]+)/g, (_, key: string) => {
    const v = paramFor(key, p, cast, o, guest);
    if (v === undefined) {
      missing.push(key);
      return "MISSING";
    }
    return encodeURIComponent(String(v));
  });
  return { path, missing };
}

function paramFor(key: string, path: string, cast: Cast, o: Owned, guest: boolean): string | number | undefined {
  switch (key) {
    case "userId":
      return cast.owner.id;
    case "cartId":
      return guest || /\/merge\//.test(path) ? o.guestCartId : o.cartId;
    case "itemId":
      return guest ? o.guestCartItemId : o.cartItemId;
    case "productId":
      if (path.startsWith("/admin/")) return o.storeProductId ?? o.productId; // admin moderation: a product of the owner's store
      return /\/stores?\//.test(path) ? o.productId : o.deliveredProductId;
    case "categoryId":
      return o.emptyCategoryId;
    case "addressId":
      return o.addressId;
    case "wishlistId":
      return o.wishlistId;
    case "orderId":
      return o.orderId;
    case "orderItemId":
      return o.orderItemId;
    case "shipmentId":
      return o.shipmentId;
    case "paymentId":
      return o.paymentId;
    case "reviewId":
      return o.reviewId;
    case "notificationId":
      return o.notificationId;
    case "returnId":
      return o.returnId;
    case "claimId":
      return o.claimId;
    case "photoId":
      return o.claimPhotoId;
    case "quoteId":
      return o.quoteId ?? undefined;
    case "storeId":
      return cast.store.id;
    case "slug":
    case "storeSlug":
      return cast.store.slug;
    case "memberId":
      return cast.memberRowId;
    case "token":
      return MATRIX_INVITATION_TOKEN;
    case "imageId":
      return o.storeProductImageId ?? undefined;
    case "optionId":
      return o.storeOptionId ?? undefined;
    case "id":
      if (path.startsWith("/users/:id/")) return cast.owner.id;
      if (/\/ad{1,2}resses\/:id/.test(path)) return o.addressId;
      if (/\/wishlist\/:id/.test(path)) return o.wishlistId;
      if (path.startsWith("/orders/items/:id")) return o.orderItemId;
      if (path.startsWith("/orders/:id")) return o.orderId; // also /orders/:id/orderitems/create/
      if (path.startsWith("/payments/")) return o.paymentId;
      if (path.startsWith("/reviews/")) return o.reviewId;
      if (/notifications\/:id/.test(path)) return o.notificationId;
      if (path.startsWith("/stores/:id")) return cast.store.id;
      if (path.startsWith("/products/:id")) return o.storeProductId ?? o.productId;
      return undefined;
    default:
      return undefined;
  }
}

/** A valid body for the route, so an allowed caller gets a 2xx (unknown routes get {}). */
async function bodyFor(api: TestApi, r: RouteDef, cast: Cast, o: Owned, guest: boolean): Promise<unknown> {
  const m = r.method;
  const p = r.path;
  const address = {
    receiver_first_name: "Bola",
    receiver_last_name: "Ade",
    receiver_phone_one: "+2348039876543",
    street_address: "3 Matrix Close",
    city: "Yaba",
    state: "Lagos",
    country: "NGA",
  };
  if (p.endsWith("/items/") && m === "POST") {
    const [, , , spare] = await inStockProducts(api.db, 4);
    return { prod_id: spare, quantity: 1 };
  }
  if (p.endsWith("/items/:itemId/") && (m === "PATCH" || m === "PUT")) return { quantity: 3 };
  if (p.endsWith("/language/") && m === "PUT") return { language: "yo" };
  if (p.endsWith("/channels/") && m === "PUT") return { email: true, sms: false, whatsapp: false };
  if ((p.endsWith("/adresses/") || p.endsWith("/addresses/")) && m === "POST") return address;
  if ((p.endsWith("/adresses/:id/") || p.endsWith("/addresses/:id/")) && m === "PUT") return address;
  if ((p.endsWith("/adresses/:id/") || p.endsWith("/addresses/:id/")) && m === "PATCH") return { city: "Surulere" };
  if (p.endsWith("wishlist/") && m === "POST") {
    const [, , , , spare] = await inStockProducts(api.db, 5);
    return { product_id: spare };
  }
  if (/^\/reviews\/user\/:userId\/$/.test(p) && m === "POST") return { prod_id: o.deliveredProductId, rating: 5, review_text: "Sturdy and on time." };
  if (p === "/carts/" && m === "POST") return { user_id: guest ? null : cast.owner.id };
  if (p === "/payments/paystack/make/" || p === "/payments/paystack/switch_to_pod/" || p === "/payments/paystack/transfer/") return payableOrder(api, cast, guest);
  if (p === "/payments/paystack/ussd/") return { ...(await payableOrder(api, cast, guest)), bank: "737" };
  // Order lines: the owner's fixture order is Delivered and paid; lines may be added only while it is
  // Placed and unpaid, and items cancelled only before it ships (a card-paid one also queues a refund).
  if (p === "/orders/:id/orderitems/create/" && m === "POST") {
    await api.db.query("UPDATE orders SET order_delivery_status = 'Placed', order_payment_status = 'Pending' WHERE id = $1", [o.orderId]);
    await api.db.query("UPDATE shipments SET status = 'Placed' WHERE order_id = $1", [o.orderId]);
    const [, , , , , spare] = await inStockProducts(api.db, 6);
    return { product_id: spare, quantity: 1, item_price: 1 };
  }
  if (p === "/orders/:orderItemId/orderitem/cancel" && m === "POST") {
    await api.db.query("UPDATE orders SET order_delivery_status = 'Confirmed', order_payment_method = 'CardPayment' WHERE id = $1", [o.orderId]);
    await api.db.query("UPDATE shipments SET status = 'Confirmed' WHERE order_id = $1", [o.orderId]);
    return { order_item_cancel_reason: "Financial Constraint" };
  }
  // The vendor area: product writes are multipart with real photos; the store's order moves one step.
  const category = async () => (await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
  const productBody = async () => ({ store: cast.store.id, name: "Matrix sheet", price: "1500", size: "small", type: "sale", category: await category(), description: words(55) });
  if (p === "/stores/" && m === "POST") return storeFields();
  if (p === "/stores/uploads/" && m === "POST") {
    const fd = new FormData();
    fd.append("image", file(await image("png", Math.floor(Math.random() * 1e9)), "logo.png"));
    return fd;
  }
  if (p === "/products/" && m === "POST") {
    const fd = new FormData();
    for (const [k, v] of Object.entries(await productBody())) fd.append(k, String(v));
    fd.append("image[0]", file(await image("png", Math.floor(Math.random() * 1e9)), "p.png"));
    return fd;
  }
  if (p === "/products/:id/" && m === "PUT") return productBody();
  if (p === "/products/:id/" && m === "PATCH") return { price: 5000 };
  if (p === "/products/images/:imageId/" && m === "PATCH") {
    const fd = new FormData();
    fd.append("image", file(await image("jpeg", Math.floor(Math.random() * 1e9)), "p.jpg"));
    return fd;
  }
  if (p === "/products/options/:optionId/" && m === "PATCH") return { price: 1600 };
  if (p === "/products/options/" && m === "POST") return { product: o.storeProductId, variant: "Colour", value: "Red", price: 100 };
  if (p === "/orders/:storeId/store/:orderId/status/" && m === "PATCH") {
    await api.db.query("UPDATE orders SET order_delivery_status = 'Placed', order_payment_status = 'Complete' WHERE id = $1", [o.orderId]);
    await api.db.query("UPDATE shipments SET status = 'Placed' WHERE order_id = $1", [o.orderId]);
    return { status: "Confirmed" };
  }
  // Cash on delivery (docs/orders.md): the store's shipment is out for delivery on a pay-on-delivery order.
  if (p === "/orders/:storeId/store/:orderId/cash/" && m === "POST") {
    await api.db.query("UPDATE orders SET order_payment_method = 'PayOnDelivery', order_payment_status = 'Pending' WHERE id = $1", [o.orderId]);
    await api.db.query("UPDATE shipments SET status = 'Shipped', cash_received_at = NULL WHERE order_id = $1", [o.orderId]);
    return {};
  }
  // Refused at the door (issue 36 item 6): the pay-on-delivery shipment is out, its money not in, not marked yet.
  if (p === "/orders/:storeId/store/:orderId/refused/" && m === "POST") {
    await api.db.query("UPDATE orders SET order_payment_method = 'PayOnDelivery', order_payment_status = 'Pending' WHERE id = $1", [o.orderId]);
    await api.db.query("UPDATE shipments SET status = 'Shipped', cash_received_at = NULL, transfer_paid_at = NULL, refused_at = NULL WHERE order_id = $1", [o.orderId]);
    await api.db.query("DELETE FROM door_refusals WHERE order_id = $1", [o.orderId]);
    return {};
  }
  // Returns: the fixture line is delivered (within the window) and already has a return.
  if (p === "/orders/:orderId/items/:orderItemId/return/" && m === "POST") {
    await api.db.query("DELETE FROM returns WHERE order_item_id = $1", [o.orderItemId]);
    return { reason: "Wrong item", details: "Not the size I ordered." };
  }
  // A return's photo: the fixture return gets one (a stored PNG).
  if (p.endsWith("/returns/:returnId/photo/")) {
    const key = `returns/matrix-${o.returnId}.png`;
    await getStorage().put(key, new Uint8Array(await image("png", 3)), "image/png");
    await api.db.query("UPDATE returns SET photo_key = $2 WHERE id = $1", [o.returnId, key]);
    return undefined;
  }
  // Claims (issue 36 item 5): the fixture line is delivered and has a return and an open claim.
  if (p === "/orders/:orderId/items/:orderItemId/claim/" && m === "POST") {
    await api.db.query("DELETE FROM returns WHERE order_item_id = $1", [o.orderItemId]);
    await api.db.query("DELETE FROM claims WHERE order_item_id = $1", [o.orderItemId]);
    await api.db.query("UPDATE orders SET order_payment_method = 'CardPayment', order_payment_status = 'Complete' WHERE id = $1", [o.orderId]);
    return { reason: "damaged", note: "Two bags burst in transit." };
  }
  if (p.endsWith("/claims/:claimId/photos/:photoId/")) {
    await getStorage().put(`claims/matrix-${o.claimId}.png`, new Uint8Array(await image("png", 4)), "image/png");
    return undefined;
  }
  // Bulk quotes (issue 35): the fixture quote is the owner's to the owner's store, with a live offer.
  if (p === "/quotes/" && m === "POST")
    return {
      lines: [{ product_id: o.productId, quantity: 2 }],
      receiver_first_name: "Bola",
      receiver_last_name: "Ade",
      receiver_phone_one: "08039876543",
      street_address: "3 Matrix Close site",
      city: "Ikeja",
      state: "Lagos",
      lga: "Ikeja",
      wanted_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    };
  if (p === "/quotes/:quoteId/counter/") return { note: "Can you do ₦11,000 a bag?" };
  if (p === "/quotes/:quoteId/decline/") return {};
  if (p === "/stores/:storeId/quotes/:quoteId/offer/") {
    const line = await api.db.query<{ id: number }>("SELECT id FROM quote_lines WHERE quote_id = $1", [o.quoteId]);
    return { lines: [{ quote_line_id: line.rows[0].id, unit_price: 11_500 }], delivery: 5000, delivery_date: new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10) };
  }
  if (p === "/stores/:storeId/quotes/:quoteId/decline/") return { reason: "No trucks this week." };
  if (p === "/stores/:storeId/tax/" && m === "PUT") return { vat_registered: true, tin: "12345678-0001" };
  if (p === "/stores/:storeId/claims/:claimId/answer/") return { answer: "reply", message: "The waybill was signed on delivery." };
  if (p === "/admin/claims/:claimId/ruling/") {
    await api.db.query("UPDATE claims SET status = 'escalated' WHERE id = $1", [o.claimId]);
    return { ruling: "refund_none", message: "The waybill is signed." };
  }
  if (p === "/stores/:storeId/returns/:returnId/decision/") return { decision: "refuse", message: "Used and damaged by the buyer." };
  if (p === "/admin/returns/:returnId/refunded/") {
    await api.db.query("UPDATE orders SET order_payment_method = 'PayOnDelivery' WHERE id = $1", [o.orderId]);
    await api.db.query("UPDATE returns SET status = 'accepted', decided_at = now() WHERE id = $1", [o.returnId]);
    return { note: "Paid back by transfer" };
  }
  if (p === "/users/:userId/delete/") return { password: "not-the-password-1!", confirm: true };
  if (p === "/newsletter/sends/") return { subject: "Matrix news", text: "Hello from the matrix.", idempotency_key: crypto.randomUUID() };
  // Admin moderation: actions that need a reason, and category writes.
  if (/^\/admin\/.*\/(suspend|unpublish|hide|certificate-waiver)\/$/.test(p)) return { reason: "Matrix check" };
  if (p === "/admin/categories/:categoryId/certificate/") return { required: true, reason: "Matrix check" };
  if (p === "/admin/categories/" && m === "POST") return { name: `Matrix new ${o.marker}`, parent: "" };
  if (p === "/admin/categories/:categoryId/rename/") return { name: `Matrix renamed ${o.marker}` };
  if (p === "/admin/categories/:categoryId/move/") return { parent: "" };
  // Members: a fresh address to invite; the member row to remove (again, with its id, after an allowed
  // caller removed it); an open invitation of the owner's e-mail (another store) that only the owner may accept.
  // A business check (decision 0032): the registry stand-in answers an RC number ending in 1 "active".
  if (p === "/stores/:storeId/business-check/" && m === "POST") return { registration_number: "RC 1234561" };
  if (p === "/stores/:storeId/membership/" && m === "PATCH") return { order_emails: true };
  if (p === "/stores/:storeId/members/" && m === "POST") return { email: `matrix-${crypto.randomUUID()}@example.com` };
  if (p === "/stores/:storeId/members/:memberId/" && m === "DELETE") {
    await api.db.query(
      `INSERT INTO store_members (id, store_id, user_id, email, role, accepted_at) SELECT $1, $2, u.id, u.email, 'Member', now() FROM users u WHERE u.id = $3
       ON CONFLICT DO NOTHING`,
      [cast.memberRowId, cast.store.id, cast.member.id],
    );
    return undefined;
  }
  if (p === "/stores/invitations/:token/accept/") {
    await api.db.query(
      `INSERT INTO store_members (store_id, email, role, invite_token_hash, invite_expires_at) VALUES ($1, $2, 'Member', $3, now() + interval '1 day')
       ON CONFLICT (store_id, email) DO UPDATE SET user_id = NULL, accepted_at = NULL, invite_token_hash = EXCLUDED.invite_token_hash, invite_expires_at = EXCLUDED.invite_expires_at`,
      [cast.otherStore.id, cast.owner.email, crypto.createHash("sha256").update(MATRIX_INVITATION_TOKEN).digest("hex")],
    );
    return undefined;
  }
  // Delivery slots and the yard (issue 35 item 5): slots to publish; a fresh slot of the store to close; the yard's settings.
  if (p === "/stores/:storeId/slots/" && m === "POST") return { layout: "day", days: 3, cap: 1 };
  if (p === "/stores/:storeId/slots/close/") {
    const slot = await api.db.query<{ id: number }>(
      "INSERT INTO delivery_slots (store_id, day, slot_window, cap) VALUES ($1, current_date + 400 + (random() * 300)::int, 'day', 1) ON CONFLICT DO NOTHING RETURNING id",
      [cast.store.id],
    );
    return { slot_id: slot.rows[0]?.id ?? 2_147_483_000 };
  }
  if (p === "/stores/:storeId/collection/" && m === "PUT") return { enabled: true, address: "Matrix yard, Ikeja", hours: "Mon–Sat 8am–5pm" };
  if (p === "/users/auth/password/change/") return { old_password: "not-the-password-1!", new_password1: "Matrix#Pass123", new_password2: "Matrix#Pass123" };
  return m === "GET" || m === "DELETE" ? undefined : {};
}

/**
 * An unpaid card order to pay (or to switch to pay on delivery): the owner's, or for the guest run
 * a guest order with its token (the token is the credential: anyone holding it may pay).
 */
async function payableOrder(api: TestApi, cast: Cast, guest: boolean): Promise<{ order_id: string; token?: string }> {
  const [productId] = await inStockProducts(api.db, 1);
  const order = await createOrder(api.db, {
    user_id: guest ? null : cast.owner.id,
    items: [{ product_id: productId }],
    payment_method: "CardPayment",
    shipping_kobo: 250_000,
    delivery_address: { receiver_first_name: "Bola", street_address: "3 Matrix Close", city: "Yaba", state: "Lagos", email: "guest-matrix@example.com" },
  });
  return guest ? { order_id: order.id, token: guestTokenFor(order.id) } : { order_id: order.id };
}

interface Outcome {
  who: Who;
  status: number;
  text: string;
}

async function attempt(api: TestApi, r: RouteDef, path: string, body: unknown, who: Who, ids: Record<Who, Identity | null>): Promise<Outcome> {
  const id = ids[who];
  const res = await api.fetch(path, body instanceof FormData ? { method: r.method, token: id?.token, form: body } : { method: r.method, token: id?.token, json: body });
  return { who, status: res.status, text: await res.text() };
}

/**
 * Routes whose allowed callers cannot be given a body that succeeds without spoiling the rest of
 * the matrix: changing the password ends every session of the caller (their token stops working
 * for the next routes). For these, a 400 naming the field the caller got wrong shows the caller
 * passed authorization and reached validation; anything else (401/403/404/5xx) still fails.
 */
const VALIDATION_REACHED: Record<string, RegExp> = {
  // Delivering without the buyer's code needs a reason: the empty body reaches validation.
  "POST /admin/deliveries/:shipmentId/deliver/": /"reason":\[/,
  "POST /users/auth/password/change/": /"old_password":\[/,
  // Adding a phone needs the code texted to it: an empty body reaches validation.
  "POST /users/auth/phone/add/": /"code":\[/,
  // Payouts: the empty body reaches validation (a real one would call Paystack or pay out money).
  "PUT /stores/:storeId/bank-account/": /"bank_code":\[/,
  "POST /stores/:storeId/bank-account/resolve/": /"bank_code":\[/,
  "POST /admin/payouts/": /"store_id":\[/,
  // A settlement needs a store that owes commission (cash it collected): the empty body reaches validation.
  "POST /admin/payouts/settlements/": /"store_id":\[/,
  // A wrong password: deleting the fixture owner would end the run; refused only after the guard.
  "POST /users/:userId/delete/": /"password":\["The password is not correct/,
  // The owner's e-mail is verified: the admin reached the check that refuses a needless resend.
  "POST /admin/users/:userId/resend-verification/": /already verified/,
  // Only the invited e-mail's account may accept an invitation: the others are signed in (authorized) and told so (403).
  "POST /stores/invitations/:token/accept/": /"detail":"This invitation was sent to another email address/,
  // A member's own setting: an admin who is not a member is let in by the router and told they have none (403).
  "PATCH /stores/:storeId/membership/": /"detail":"Only the store's members choose/,
};

/** The accept link's token of the matrix's invitation (bodyFor stores its hash). */
const MATRIX_INVITATION_TOKEN = "matrix-invitation-token-0123456789abcdef";

/**
 * Routes that also answer members of a store with lines in the owner's order: they read that
 * store's part of it (spec's store order detail uses GET /orders/{id}/; docs/orders.md).
 */
const STORE_PART_READERS: Record<string, Who[]> = {
  "GET /orders/:id/": ["member"],
  // The delivery address of that order (the owner's fixture order is delivered to it), read only.
  "GET /users/adresses/:id/": ["member"],
  "GET /users/addresses/:id/": ["member"],
};

function judge(r: RouteDef, access: Exclude<Access, "public">, o: Outcome, owned: Owned, cast: Cast, guest: boolean): string | null {
  const storePart = !guest && (STORE_PART_READERS[`${r.method} ${r.path}`] ?? []).includes(o.who);
  const allowed = guest ? true : ALLOWED[access].includes(o.who) || storePart;
  const maySee = guest ? true : MAY_SEE_OWNER_DATA[access].includes(o.who) || storePart;
  const where = `${routeName(r)}${guest ? " (guest cart)" : ""} as ${o.who}`;
  const ownerRef = new RegExp(`"(user|user_id|owner|owner_id)":\\s*${cast.owner.id}\\b`);
  const leaked =
    o.text.includes(owned.marker) || o.text.toLowerCase().includes(cast.owner.email.toLowerCase()) || ownerRef.test(o.text);
  if (!allowed) {
    if (o.status >= 200 && o.status < 300) return `LEAK ${where}: ${o.status} ${o.text.slice(0, 120)}`;
    if (!DENIAL.has(o.status)) return `NOT DENIED ${where}: ${o.status} (expected 401/403/404) ${o.text.slice(0, 120)}`;
  } else if ((o.status === 400 || o.status === 403) && VALIDATION_REACHED[`${r.method} ${r.path}`]?.test(o.text)) {
    // authorized; see VALIDATION_REACHED
  } else if (o.status < 200 || o.status >= 300) {
    return `WRONG DENIAL ${where}: ${o.status} ${o.text.slice(0, 160)}`;
  }
  if (!maySee && leaked) return `LEAK ${where}: the owner's data in a ${o.status} answer ${o.text.slice(0, 120)}`;
  return null;
}

describe("route table", () => {
  it("declares who may use every route", () => {
    const missing = listRoutes()
      .filter((r) => !declared(r))
      .map(routeName);
    const unknown = listRoutes()
      .filter((r) => declared(r) && !ACCESS_VALUES.includes(declared(r)!))
      .map((r) => `${routeName(r)}: ${declared(r)}`);
    expect(unknown, `unknown access values:\n${unknown.join("\n")}`).toEqual([]);
    expect(missing, `${missing.length} route(s) without an access declaration:\n${missing.join("\n")}`).toEqual([]);
  });
});

describe.each(engines())("authorization matrix on %s", (engine) => {
  const api = useApi(engine);

  it("denies everyone the declaration does not allow, and allows everyone it does", async () => {
    const routes = listRoutes().filter((r) => declared(r) && declared(r) !== "public");
    const failures: string[] = [];
    let tries = 0;
    for (const r of routes) {
      const access = declared(r) as Exclude<Access, "public">;
      const cast = await makeCast(api);
      const ids: Record<Who, Identity | null> = {
        anonymous: null,
        owner: cast.owner,
        other: cast.other,
        member: cast.member,
        otherStoreOwner: cast.otherStoreOwner,
        admin: cast.admin,
      };
      const runs = access === "holder" ? [false, true] : [false];
      for (const guest of runs) {
        for (const who of WHO) {
          // Fresh fixtures for each caller, so an allowed write (a merge, a delete) does not hide the next
          // try; the owner's earlier addresses go, so the address limit does not turn a try into a 400.
          await api.db.query("DELETE FROM addresses WHERE user_id = $1", [cast.owner.id]);
          const owned = await makeOwned(api.db, cast.owner.id, cast.store);
          const { path, missing } = fillPath(r, cast, owned, guest);
          if (missing.length) {
            failures.push(`NO FIXTURE ${routeName(r)}: teach tests/api/authz-matrix.test.ts the param(s) ${missing.join(", ")}`);
            break;
          }
          const body = await bodyFor(api, r, cast, owned, guest);
          const outcome = await attempt(api, r, path, body, who, ids);
          tries++;
          const f = judge(r, access, outcome, owned, cast, guest);
          if (f) failures.push(f);
        }
      }
    }
    console.log(`[authz matrix ${engine}] ${routes.length} routes × ${WHO.length} callers: ${tries} tries, ${failures.length} failures`);
    expect(routes.length, "no route to try: are the access declarations in place?").toBeGreaterThan(0);
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);

  it("keeps public routes open to anonymous callers (a public declaration that answers 401/403 is wrong)", async () => {
    const cast = await makeCast(api);
    const owned = await makeOwned(api.db, cast.owner.id, cast.store);
    const failures: string[] = [];
    for (const r of listRoutes().filter((x) => declared(x) === "public" && x.method === "GET")) {
      const { path, missing } = fillPath(r, cast, owned, true);
      if (missing.length) continue;
      const res = await api.fetch(path);
      if (res.status === 401 || res.status === 403) failures.push(`${routeName(r)} -> ${res.status}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
