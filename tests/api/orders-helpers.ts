/** Shared set-up of the order API tests (tests/api/orders*.test.ts): products, shoppers, carts, outbox. */
import fs from "node:fs";
import path from "node:path";
import { createAddress, createCart, createProduct, createStore, createUser } from "~/db/seed/factories";
import { flushMailQueue } from "~/integrations/mail.server";
import { makeUser, type TestApi } from "./harness";

export const GUEST_ADDRESS = {
  email: "guest.buyer@example.com",
  receiver_first_name: "Chidi",
  receiver_last_name: "Okafor",
  receiver_phone_one: "08031234567",
  street_address: "14 Ogui Road, Enugu North",
  city: "Enugu",
  state: "Enugu",
  zip_code: "400001",
  country: "NGN",
};

/** A product of a fresh store, with the stock, price (kobo) and size asked for. */
export async function makeProduct(
  api: TestApi,
  over: { stock?: number; price_kobo?: number; size?: "small" | "medium" | "large"; published?: boolean; name?: string } = {},
): Promise<{ id: number; name: string; price_kobo: number; size: "small" | "medium" | "large"; store_id: number }> {
  const owner = await createUser(api.db);
  const store = await createStore(api.db, { owner_id: owner.id });
  const cat = await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const price = over.price_kobo ?? 1_000_000;
  const size = over.size ?? "medium";
  const name = over.name ?? `Checkout test product ${Math.random().toString(36).slice(2, 8)}`;
  const p = await createProduct(api.db, {
    store_id: store.id,
    user_id: owner.id,
    category_id: cat.rows[0].id,
    name,
    price_kobo: price,
    selling_price_kobo: price,
    size,
    stock_quantity: over.stock ?? 100,
    published: over.published ?? true,
  });
  return { id: p.id, name, price_kobo: price, size, store_id: store.id };
}

/** A signed-in shopper with an address (in `state`) and, when given, a cart with these lines. */
export async function makeShopper(api: TestApi, opts: { state?: string; items?: Array<{ product_id: number; quantity?: number }> } = {}) {
  const user = await makeUser(api);
  const address = await createAddress(api.db, user.id, { state: opts.state ?? "Lagos" });
  const cart = opts.items ? await createCart(api.db, { user_id: user.id, items: opts.items }) : null;
  return { ...user, addressId: address.id, cartId: cart?.id ?? null };
}

export async function stockOf(api: TestApi, productId: number): Promise<number> {
  const r = await api.db.query<{ stock_quantity: number }>("SELECT stock_quantity FROM products WHERE id = $1", [productId]);
  return r.rows[0].stock_quantity;
}

export async function countOrders(api: TestApi, where = "true", params: unknown[] = []): Promise<number> {
  const r = await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE ${where}`, params);
  return r.rows[0].n;
}

/**
 * The raw messages of the outbox for one recipient, oldest first, waiting up to 3 s for them.
 * With `flush`, sends what is queued first; without, it proves the API sent them by itself.
 */
export async function mailsTo(api: TestApi, email: string, atLeast = 1, flush = true): Promise<string[]> {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  for (let i = 0; i < 60; i++) {
    if (flush) await flushMailQueue(api.db, { all: true });
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort() : [];
    const found = files
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .filter((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "mi").test(raw));
    if (found.length >= atLeast) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone). */
export function decodeMail(raw: string): string {
  const binary = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(binary, "latin1").toString("utf8");
}
