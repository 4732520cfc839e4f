import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openPglite, type Db } from "~/db/client.server";
import { seed, wordCount } from "~/db/seed";
import { CATEGORIES, DEMO_ACCOUNTS, DEMO_VENDOR, STORES } from "~/db/seed/catalog-data";
import { LocalDiskStorage, setStorage } from "~/integrations/storage.server";

const TABLES = ["users", "categories", "stores", "store_members", "products", "images", "product_images", "reviews"];

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  return out;
}

async function catalogue(db: Db) {
  return (
    await db.query<{ name: string; store: string; price_kobo: number; selling_price_kobo: number; type: string; featured: boolean }>(
      `SELECT p.name, s.slug AS store, p.price_kobo, p.selling_price_kobo, p.type, p.featured
         FROM products p JOIN stores s ON s.id = p.store_id ORDER BY p.id`,
    )
  ).rows;
}

describe("demo catalogue seed", () => {
  let db: Db;
  let mediaDir: string;
  let first: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-media-"));
    setStorage(new LocalDiskStorage(mediaDir));
    db = await openPglite(undefined);
    await migrate(db);
    first = await seed(db);
  });

  afterAll(async () => {
    await db?.close();
    setStorage(null);
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  // How fast it seeds is a figure for a benchmark, not a test's (a busy machine is slower).
  it("creates at least 300 products", async () => {
    expect(first.created).toBe(true);
    expect(first.products).toBeGreaterThanOrEqual(300);
    const c = await counts(db);
    expect(c.products).toBe(first.products);
  });

  it("creates the stores with owners, members, logos and banners", async () => {
    const stores = (
      await db.query<{ id: number; slug: string; owner_email: string; description: string; logo_key: string; banner_key: string; phone: string; n: number }>(
        `SELECT s.id, s.slug, u.email::text AS owner_email, s.description, s.logo_key, s.banner_key, s.phone,
                (SELECT count(*)::int FROM products p WHERE p.store_id = s.id) AS n
           FROM stores s JOIN users u ON u.id = s.owner_id ORDER BY s.id`,
      )
    ).rows;
    expect(stores.length).toBeGreaterThanOrEqual(6);
    expect(stores[0].slug).toBe(STORES[0].slug);
    expect(stores[0].owner_email).toBe(DEMO_VENDOR.email);
    for (const s of stores) {
      expect(wordCount(s.description)).toBeGreaterThanOrEqual(50);
      expect(wordCount(s.description)).toBeLessThanOrEqual(250);
      expect(s.phone).toMatch(/^\+234[789]\d{9}$/);
      expect(s.n).toBeGreaterThan(0);
      for (const key of [s.logo_key, s.banner_key]) {
        const img = await db.query("SELECT 1 FROM images WHERE key = $1 AND content_type = 'image/svg+xml'", [key]);
        expect(img.rows.length, key).toBe(1);
        expect(fs.existsSync(path.join(mediaDir, key)), key).toBe(true);
      }
    }
    const owners = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM store_members m JOIN stores s ON s.id = m.store_id WHERE m.role = 'Owner' AND m.user_id = s.owner_id",
    );
    expect(owners.rows[0].n).toBe(stores.length);
  });

  it("creates verified demo accounts with the documented passwords", async () => {
    for (const a of DEMO_ACCOUNTS) {
      const r = await db.query<{ password_hash: string; role: string; email_verified_at: Date | null; phone: string }>(
        "SELECT password_hash, role, email_verified_at, phone FROM users WHERE email = $1",
        [a.email],
      );
      expect(r.rows.length, a.email).toBe(1);
      const u = r.rows[0];
      expect(u.role).toBe(a.role);
      expect(u.email_verified_at).not.toBeNull();
      expect(u.phone).toMatch(/^\+2348030000\d{3}$/);
      expect(await verify(u.password_hash, a.password)).toBe(true);
    }
    const unverified = await db.query("SELECT 1 FROM users WHERE email_verified_at IS NULL OR password_hash IS NULL");
    expect(unverified.rows.length).toBe(0);
  });

  it("fills every category, with published products in each root", async () => {
    const roots = (
      await db.query<{ slug: string; n: number }>(
        `SELECT r.slug, count(p.id)::int AS n FROM categories r
           JOIN categories c ON c.parent_id = r.id
           LEFT JOIN products p ON p.category_id = c.id AND p.published
          WHERE r.parent_id IS NULL GROUP BY r.slug, r.position ORDER BY r.position`,
      )
    ).rows;
    expect(roots.map((r) => r.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    for (const r of roots) expect(r.n, r.slug).toBeGreaterThan(0);
    const emptySubs = await db.query(
      "SELECT c.slug FROM categories c WHERE c.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id)",
    );
    expect(emptySubs.rows).toEqual([]);
  });

  it("gives every product 1-4 stored images and a 50-250 word description", async () => {
    const rows = (
      await db.query<{ id: number; description: string; n: number; keys: string[] }>(
        `SELECT p.id, p.description, count(pi.id)::int AS n, array_agg(pi.image_key ORDER BY pi.position) AS keys
           FROM products p LEFT JOIN product_images pi ON pi.product_id = p.id GROUP BY p.id`,
      )
    ).rows;
    const missing = await db.query("SELECT pi.image_key FROM product_images pi LEFT JOIN images i ON i.key = pi.image_key WHERE i.key IS NULL");
    expect(missing.rows).toEqual([]);
    for (const p of rows) {
      expect(p.n, `product ${p.id}`).toBeGreaterThanOrEqual(1);
      expect(p.n, `product ${p.id}`).toBeLessThanOrEqual(4);
      const words = wordCount(p.description);
      expect(words, `product ${p.id}`).toBeGreaterThanOrEqual(50);
      expect(words, `product ${p.id}`).toBeLessThanOrEqual(250);
      for (const key of p.keys) expect(fs.existsSync(path.join(mediaDir, key)), key).toBe(true);
    }
    const svg = fs.readFileSync(path.join(mediaDir, rows[0].keys[0]), "utf8");
    expect(svg).toMatch(/^<svg [^>]*width="800" height="800"/);
    const placeholder = await db.query("SELECT 1 FROM images WHERE key = 'static/no-image.svg'");
    expect(placeholder.rows.length).toBe(1);
    expect(fs.existsSync(path.join(mediaDir, "static/no-image.svg"))).toBe(true);
  });

  it("covers every price bucket, both types, discounts, featured and unpublished products", async () => {
    const r = (
      await db.query<{ bucket: number; n: number }>(
        `SELECT CASE WHEN selling_price_kobo < 2400000 THEN 1 WHEN selling_price_kobo < 8000000 THEN 2
                     WHEN selling_price_kobo < 27000000 THEN 3 WHEN selling_price_kobo < 95000000 THEN 4 ELSE 5 END AS bucket,
                count(*)::int AS n
           FROM products WHERE published GROUP BY 1 ORDER BY 1`,
      )
    ).rows;
    expect(r.map((x) => x.bucket)).toEqual([1, 2, 3, 4, 5]);
    const above = await db.query("SELECT 1 FROM products WHERE published AND selling_price_kobo > 95000000");
    expect(above.rows.length).toBeGreaterThan(0);

    const s = (
      await db.query<Record<string, number>>(
        `SELECT count(*) FILTER (WHERE type = 'sale')::int AS sale, count(*) FILTER (WHERE type = 'rent')::int AS rent,
                count(*) FILTER (WHERE featured AND published)::int AS featured,
                count(*) FILTER (WHERE NOT published)::int AS unpublished,
                count(*) FILTER (WHERE price_kobo > selling_price_kobo)::int AS discounted,
                count(*) FILTER (WHERE price_kobo < selling_price_kobo)::int AS inverted,
                count(*) FILTER (WHERE stock_quantity = 0)::int AS out_of_stock,
                count(DISTINCT size)::int AS sizes,
                count(DISTINCT created_at::date)::int AS days,
                count(*)::int AS total
           FROM products`,
      )
    ).rows[0];
    expect(s.sale).toBeGreaterThan(0);
    expect(s.rent).toBeGreaterThan(0);
    expect(s.featured).toBeGreaterThanOrEqual(6);
    expect(s.unpublished).toBeGreaterThan(0);
    expect(s.unpublished).toBeLessThan(s.total * 0.1);
    expect(s.discounted).toBeGreaterThan(0);
    expect(s.inverted).toBe(0);
    expect(s.out_of_stock).toBeGreaterThan(0);
    expect(s.sizes).toBe(3);
    expect(s.days).toBeGreaterThan(30);
  });

  it("adds reviews from verified demo buyers", async () => {
    const r = (
      await db.query<{ n: number; products: number; min: number; max: number; avg: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT product_id)::int AS products, min(rating) AS min, max(rating) AS max, avg(rating)::float AS avg FROM reviews",
      )
    ).rows[0];
    expect(r.n).toBeGreaterThan(50);
    expect(r.products).toBeGreaterThan(first.products * 0.25);
    expect(r.min).toBeGreaterThanOrEqual(1);
    expect(r.max).toBeLessThanOrEqual(5);
    expect(r.avg).toBeGreaterThan(3.5);
    const early = await db.query("SELECT 1 FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.created_at < p.created_at");
    expect(early.rows.length).toBe(0);
  });

  it("is idempotent: a second run changes nothing", async () => {
    const before = await counts(db);
    const again = await seed(db);
    expect(again.created).toBe(false);
    expect(again.products).toBe(first.products);
    expect(await counts(db)).toEqual(before);
  });

  it("makes the same catalogue every time", async () => {
    const otherMedia = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-media2-"));
    setStorage(new LocalDiskStorage(otherMedia));
    const other = await openPglite(undefined);
    try {
      await migrate(other);
      await seed(other, { products: first.products });
      expect(await catalogue(other)).toEqual(await catalogue(db));
    } finally {
      await other.close();
      setStorage(new LocalDiskStorage(mediaDir));
      fs.rmSync(otherMedia, { recursive: true, force: true });
    }
  });
});
