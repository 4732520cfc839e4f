/**
 * The demo catalogue: demo accounts, categories, stores, ~320 products with generated images,
 * reviews, and demo orders in every state (./demo-orders.ts). Deterministic (seeded PRNG) apart from timestamps, which are relative to "now" so that
 * the newest products are always recent. Idempotent: when the demo shopper already exists nothing
 * is changed. Everything is written with a handful of batched statements inside one transaction.
 */
import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { Db, Queryable } from "~/db/client.server";
import { onPriceBound } from "~/domain/price-bands";
import {
  CATEGORIES,
  CLOSING_SENTENCES,
  DEMO_ACCOUNTS,
  DEMO_BUYERS,
  DEMO_DOMAIN,
  DEMO_SHOPPER,
  INTRO_SENTENCES,
  RENT_SENTENCES,
  REVIEW_TEXTS,
  SALE_SENTENCES,
  STORES,
  type ProductSize,
  type ProductTemplate,
  type ProductType,
  type RootCategoryData,
  type StoreData,
  type SubcategoryData,
} from "./catalog-data";
import { seedDemoOrders } from "./demo-orders";
import { categoryRow, ownerMemberRow, productRow, reviewRow, storeRow, userRow } from "./factories";
import { kindOf } from "./kinds";
import { PLACEHOLDER_KEY, noImageSvg, productSvg, shortName, storeBannerSvg, storeLogoSvg, storeSvgImages, type SvgImage } from "./images";
import { certificateSvg, demoCertificateNumber } from "./drawings";

export interface SeedOptions {
  /** How many products to create (default 320). */
  products?: number;
  log?: (s: string) => void;
}

export interface SeedResult {
  created: boolean;
  products: number;
}

const DAY = 24 * 60 * 60 * 1000;
const SEED = 0x5eed2024;

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
function shuffle<T>(rng: Rng, list: readonly T[]): T[] {
  const a = list.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
function weighted<T>(rng: Rng, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [v, w] of items) {
    r -= w;
    if (r < 0) return v;
  }
  return items[items.length - 1][0];
}

export const wordCount = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;

/** Rounds a naira amount to a price a shop would show. */
function nicePrice(naira: number): number {
  const step = naira < 10_000 ? 50 : naira < 100_000 ? 500 : naira < 1_000_000 ? 1_000 : 5_000;
  return Math.max(step, Math.round(naira / step) * step);
}

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

function describe(
  rng: Rng,
  p: { name: string; tmpl: ProductTemplate; sub: SubcategoryData; root: RootCategoryData; store: StoreData },
): string {
  const vars = { name: p.name, store: p.store.name, city: p.store.city };
  const notes = shuffle(rng, p.sub.notes);
  const about = shuffle(rng, p.root.about);
  const closings = shuffle(rng, CLOSING_SENTENCES);
  const typed = shuffle(rng, p.tmpl.type === "rent" ? RENT_SENTENCES : SALE_SENTENCES);
  const parts: string[] = [fill(pick(rng, INTRO_SENTENCES), vars)];
  if (p.tmpl.spec) parts.push(p.tmpl.spec);
  parts.push(...notes.splice(0, 2), ...about.splice(0, int(rng, 1, 2)), typed.shift() as string, fill(closings.shift() as string, vars));
  // Top up short descriptions, then trim long ones, keeping the intro and the closing sentence.
  const spare = [...notes, ...about, ...typed, ...closings.map((c) => fill(c, vars))];
  while (wordCount(parts.join(" ")) < 70 && spare.length) parts.splice(parts.length - 1, 0, spare.shift() as string);
  while (wordCount(parts.join(" ")) > 190 && parts.length > 3) parts.splice(parts.length - 2, 1);
  return parts.map((s) => fill(s, vars)).join(" ");
}

interface PlannedProduct {
  id: number;
  store_id: number;
  user_id: number;
  category_id: number;
  name: string;
  description: string;
  type: ProductType;
  size: ProductSize;
  price_kobo: number;
  selling_price_kobo: number;
  stock_quantity: number;
  published: boolean;
  featured: boolean;
  created_at: string;
  updated_at: string;
  unit: string;
  pack_description: string | null;
  pack_size: number | null;
  pack_measure: string | null;
  min_quantity: number;
  quantity_step: number;
  price_tiers: Array<{ min_quantity: number; price_kobo: number }>;
  // not columns
  root: RootCategoryData;
  sub: SubcategoryData;
  seedNo: number;
  imageCount: number;
}

/** Inserts rows through jsonb_to_recordset: one statement per 2,000 rows on both engines. */
async function insertRows(
  q: Queryable,
  table: string,
  columns: Array<[string, string]>,
  rows: object[],
  suffix = "",
): Promise<void> {
  const names = columns.map(([c]) => c).join(", ");
  const defs = columns.map(([c, t]) => `${c} ${t}`).join(", ");
  for (let i = 0; i < rows.length; i += 2000) {
    await q.query(
      `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${defs}) ${suffix}`,
      [JSON.stringify(rows.slice(i, i + 2000))],
    );
  }
}

async function demoProductCount(q: Queryable): Promise<number> {
  const r = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM products p JOIN stores s ON s.id = p.store_id WHERE s.slug = ANY($1::text[])",
    [STORES.map((s) => s.slug)],
  );
  return r.rows[0]?.n ?? 0;
}

async function alreadySeeded(q: Queryable): Promise<boolean> {
  const r = await q.query("SELECT 1 FROM users WHERE email = $1", [DEMO_SHOPPER.email]);
  return r.rows.length > 0;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const total = Math.max(1, Math.floor(opts.products ?? 320));
  const started = Date.now();
  const lap = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(2)} s)`);

  if (await alreadySeeded(db)) {
    const products = await demoProductCount(db);
    // Databases seeded before the demo orders existed get them now (idempotent, per order).
    const orders = await db.tx((q) => seedDemoOrders(q, log));
    log(`Demo data already present (${products} demo products${orders ? `; ${orders} demo orders added` : ""}); nothing else to do.`);
    return { created: false, products };
  }

  // Hash each distinct password once, in parallel (argon2 runs off the main thread).
  const randomPassword = () => `${crypto.randomBytes(18).toString("base64url")}#9a`;
  const otherOwners = STORES.map((s) => s.owner).filter((o) => !DEMO_ACCOUNTS.some((d) => d.email === o.email));
  const [demoHashes, ownerHashes, buyerHash] = await Promise.all([
    Promise.all(DEMO_ACCOUNTS.map((a) => hash(a.password))),
    Promise.all(otherOwners.map(() => hash(randomPassword()))),
    hash(randomPassword()),
  ]);
  lap("passwords hashed");

  return db.tx(async (q) => {
    // Two seeders started at once: the second waits here and then finds the data present.
    await q.query("SELECT pg_advisory_xact_lock(727002)");
    if (await alreadySeeded(q)) {
      const products = await demoProductCount(q);
      log(`Demo data already present (${products} demo products); nothing to do.`);
      return { created: false, products };
    }

    const now = Date.now();
    const rng = mulberry32(SEED);
    const iso = (ms: number) => new Date(ms).toISOString();

    // ---- users -------------------------------------------------------------------------
    const users: Array<Record<string, unknown>> = [];
    DEMO_ACCOUNTS.forEach((a, i) => {
      const at = iso(now - (200 - i) * DAY);
      users.push(
        userRow({ email: a.email, password_hash: demoHashes[i], first_name: a.firstName, last_name: a.lastName, phone: a.phone, role: a.role, created_at: at }),
      );
    });
    otherOwners.forEach((o, i) => {
      const at = iso(now - (190 - i) * DAY);
      users.push(userRow({ email: o.email, password_hash: ownerHashes[i], first_name: o.firstName, last_name: o.lastName, phone: o.phone, created_at: at }));
    });
    const buyerEmails = DEMO_BUYERS.map(([f, l]) => `${f}.${l}@${DEMO_DOMAIN}`.toLowerCase());
    DEMO_BUYERS.forEach(([first, last], i) => {
      const at = iso(now - int(rng, 125, 170) * DAY);
      users.push(
        userRow({
          email: buyerEmails[i],
          password_hash: buyerHash,
          first_name: first,
          last_name: last,
          phone: `+23481${String(40000000 + i * 7919).padStart(8, "0")}`,
          created_at: at,
        }),
      );
    });
    await insertRows(
      q,
      "users",
      [
        ["email", "text"],
        ["password_hash", "text"],
        ["first_name", "text"],
        ["last_name", "text"],
        ["phone", "text"],
        ["role", "text"],
        ["email_verified_at", "timestamptz"],
        ["created_at", "timestamptz"],
      ],
      users.map((u) => ({ ...u, updated_at: u.created_at })),
      "ON CONFLICT (email) DO NOTHING",
    );
    const userIds = new Map(
      (
        await q.query<{ id: number; email: string }>("SELECT id, email::text AS email FROM users WHERE email = ANY($1::text[]::citext[])", [
          users.map((u) => u.email),
        ])
      ).rows.map((r) => [r.email.toLowerCase(), r.id]),
    );
    const userId = (email: string) => {
      const id = userIds.get(email.toLowerCase());
      if (!id) throw new Error(`seed: user ${email} missing`);
      return id;
    };
    lap(`${users.length} users`);

    // ---- categories --------------------------------------------------------------------
    const catCols: Array<[string, string]> = [
      ["name", "text"],
      ["slug", "text"],
      ["parent_id", "int"],
      ["position", "int"],
      ["created_at", "timestamptz"],
    ];
    const catAt = iso(now - 210 * DAY);
    await insertRows(
      q,
      "categories",
      catCols,
      CATEGORIES.map((c, i) => categoryRow({ name: c.name, slug: c.slug, parent_id: null, position: i, created_at: catAt })),
      "ON CONFLICT DO NOTHING",
    );
    const rootIds = new Map(
      (
        await q.query<{ id: number; slug: string }>("SELECT id, slug FROM categories WHERE slug = ANY($1::text[])", [
          CATEGORIES.map((c) => c.slug),
        ])
      ).rows.map((r) => [r.slug, r.id]),
    );
    const subs = CATEGORIES.flatMap((c) =>
      c.subcategories.map((s, i) => categoryRow({ name: s.name, slug: s.slug, parent_id: rootIds.get(c.slug) ?? null, position: i, created_at: catAt })),
    );
    await insertRows(q, "categories", catCols, subs, "ON CONFLICT DO NOTHING");
    const subIds = new Map(
      (
        await q.query<{ id: number; slug: string }>("SELECT id, slug FROM categories WHERE slug = ANY($1::text[])", [subs.map((s) => s.slug)])
      ).rows.map((r) => [r.slug, r.id]),
    );
    lap(`${CATEGORIES.length} root categories, ${subs.length} subcategories`);

    // ---- stores ------------------------------------------------------------------------
    const storeRows = STORES.map((s, i) => {
      const at = iso(now - (180 - i * 3) * DAY);
      return storeRow({
        owner_id: userId(s.owner.email),
        name: s.name,
        slug: s.slug,
        email: s.email,
        phone: s.phone,
        website: s.website,
        address: s.address,
        description: s.description,
        business_license_number: s.licence,
        state: s.state,
        logo_key: `stores/${s.slug}-logo.svg`,
        banner_key: `stores/${s.slug}-banner.svg`,
        created_at: at,
      });
    });
    await insertRows(
      q,
      "stores",
      [
        ["owner_id", "int"],
        ["name", "text"],
        ["slug", "text"],
        ["email", "text"],
        ["phone", "text"],
        ["website", "text"],
        ["address", "text"],
        ["description", "text"],
        ["business_license_number", "text"],
        ["logo_key", "text"],
        ["banner_key", "text"],
        ["state", "text"],
        ["agreement", "boolean"],
        ["created_at", "timestamptz"],
        ["updated_at", "timestamptz"],
      ],
      storeRows,
      "ON CONFLICT (slug) DO NOTHING",
    );
    const storeRowsDb = (
      await q.query<{ id: number; slug: string; owner_id: number }>("SELECT id, slug, owner_id FROM stores WHERE slug = ANY($1::text[])", [
        STORES.map((s) => s.slug),
      ])
    ).rows;
    const storeBySlug = new Map(storeRowsDb.map((r) => [r.slug, r]));
    await insertRows(
      q,
      "store_members",
      [
        ["store_id", "int"],
        ["user_id", "int"],
        ["email", "text"],
        ["role", "text"],
        ["accepted_at", "timestamptz"],
        ["created_at", "timestamptz"],
      ],
      STORES.map((s, i) => ownerMemberRow(storeBySlug.get(s.slug)?.id ?? 0, userId(s.owner.email), s.owner.email, storeRows[i].created_at)),
      "ON CONFLICT (store_id, email) DO NOTHING",
    );
    lap(`${STORES.length} stores`);

    // ---- products ----------------------------------------------------------------------
    type Slot = { tmpl: ProductTemplate; sub: SubcategoryData; root: RootCategoryData; tIdx: number };
    const bySub: Slot[][] = [];
    const allSlots: Slot[] = [];
    let tIdx = 0;
    for (const root of CATEGORIES)
      for (const sub of root.subcategories) {
        const list = sub.products.map((tmpl) => ({ tmpl, sub, root, tIdx: tIdx++ }));
        bySub.push(list);
        allSlots.push(...list);
      }
    // Every template once, interleaved across subcategories so a small catalogue still covers them all...
    const order: Slot[] = [];
    for (let round = 0; order.length < allSlots.length; round++)
      for (const list of bySub) if (list[round]) order.push(list[round]);
    // The calculators' products (issue 34) first, once per store of their subcategory, so a small
    // catalogue still has them from stores in different states.
    const calcSlots = allSlots.filter((s) => s.tmpl.trade?.calc).flatMap((s) => s.sub.stores.map(() => s));
    order.unshift(...calcSlots);
    const chosen = order.slice(0, total);
    // ...then more listings of popular templates (other colours, other stores), weighted.
    const weights = allSlots.map(
      (s) => [s, (s.tmpl.variants ? 3 : 1) * (s.root.slug === "building-materials" ? 1.6 : 1)] as const,
    );
    while (chosen.length < total) chosen.push(weighted(rng, weights));

    const occurrences = new Map<number, number>();
    const planned: PlannedProduct[] = chosen.map((slot, i) => {
      const occ = occurrences.get(slot.tIdx) ?? 0;
      occurrences.set(slot.tIdx, occ + 1);
      const { tmpl, sub, root } = slot;
      const variant = tmpl.variants ? tmpl.variants[occ % tmpl.variants.length] : "";
      const name = tmpl.name.replace("{v}", variant);
      const storeSlug = sub.stores[(occ + slot.tIdx) % sub.stores.length];
      const storeData = STORES.find((s) => s.slug === storeSlug) as StoreData;
      const store = storeBySlug.get(storeSlug);
      const categoryId = subIds.get(sub.slug);
      if (!store || !categoryId) throw new Error(`seed: store ${storeSlug} or category ${sub.slug} missing`);

      const price = nicePrice(tmpl.price * (0.93 + rng() * 0.14));
      let selling = price;
      if (rng() < 0.35) selling = nicePrice(price * (1 - (0.05 + rng() * 0.2)));
      // Price bucket bounds (spec section 9) are strict; keep selling prices off them.
      if (onPriceBound(selling)) selling -= 50;
      if (selling > price) selling = price;

      const trade = tmpl.trade;
      const r = rng();
      const published = r >= 0.03 || !!trade?.calc;
      const featured = published && rng() < 0.1;
      let stock =
        rng() < 0.03 && !trade?.calc ? 0 : price > 500_000 ? int(rng, 5, 40) : Math.round(5 + Math.pow(rng(), 1.6) * 495);
      // Trade quantities: blocks by the thousand, cement by the hundred bags; a calculator's product always in stock.
      const min = trade?.min ?? 1;
      if (trade && stock > 0) stock = Math.max(stock, Math.ceil(min * 40), trade.tiers?.length ? trade.tiers[trade.tiers.length - 1][0] * 3 : 0);
      if (trade?.calc) stock = Math.max(stock, 60);
      const created = now - Math.floor(rng() * 120 * DAY) - int(rng, 0, 59) * 60_000;
      const imageCount = weighted(rng, [
        [1, 25],
        [2, 30],
        [3, 25],
        [4, 20],
      ] as const);
      return {
        id: 0,
        ...productRow({
          store_id: store.id,
          user_id: store.owner_id,
          category_id: categoryId,
          name,
          description: describe(rng, { name, tmpl, sub, root, store: storeData }),
          type: tmpl.type,
          size: tmpl.size,
          price_kobo: price * 100,
          selling_price_kobo: selling * 100,
          stock_quantity: stock,
          published,
          featured,
          created_at: iso(created),
        }),
        unit: trade?.unit ?? "piece",
        pack_description: trade?.pack ?? null,
        pack_size: trade?.packSize ?? null,
        pack_measure: trade?.packMeasure ?? null,
        min_quantity: min,
        quantity_step: trade?.step ?? 1,
        // Each rung a share of the selling price, rounded like a price tag, never rising.
        price_tiers: (trade?.tiers ?? []).reduce<Array<{ min_quantity: number; price_kobo: number }>>((acc, [from, share]) => {
          const prev = acc.length ? acc[acc.length - 1].price_kobo : selling * 100;
          const kobo = Math.min(prev, Math.max(1, selling < 2000 ? Math.round(selling * share) : nicePrice(selling * share)) * 100);
          if (kobo < prev || !acc.length) acc.push({ min_quantity: from, price_kobo: Math.min(kobo, selling * 100) });
          return acc;
        }, []),
        root,
        sub,
        seedNo: i,
        imageCount,
      };
    });
    // At least six featured, published products for the home page.
    let featuredCount = planned.filter((p) => p.featured).length;
    for (let i = 0; featuredCount < Math.min(6, planned.length) && i < planned.length; i++) {
      const p = planned[(i * 37) % planned.length];
      if (p.featured) continue;
      Object.assign(p, { featured: true, published: true });
      featuredCount++;
    }
    // Ids in creation order, so "newest" and "highest id" agree.
    planned.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seedNo - b.seedNo));
    const ids = (
      await q.query<{ id: number }>(
        "SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id FROM generate_series(1, $1::int)",
        [planned.length],
      )
    ).rows
      .map((r) => r.id)
      .sort((a, b) => a - b);
    planned.forEach((p, i) => (p.id = ids[i]));
    await insertRows(
      q,
      "products",
      [
        ["id", "int"],
        ["store_id", "int"],
        ["user_id", "int"],
        ["category_id", "int"],
        ["name", "text"],
        ["description", "text"],
        ["type", "text"],
        ["size", "text"],
        ["price_kobo", "bigint"],
        ["selling_price_kobo", "bigint"],
        ["stock_quantity", "int"],
        ["published", "boolean"],
        ["featured", "boolean"],
        ["created_at", "timestamptz"],
        ["updated_at", "timestamptz"],
        ["unit", "text"],
        ["pack_description", "text"],
        ["pack_size", "numeric"],
        ["pack_measure", "text"],
        ["min_quantity", "numeric"],
        ["quantity_step", "numeric"],
        ["price_tiers", "jsonb"],
      ],
      planned.map(({ root: _r, sub: _s, seedNo: _n, imageCount: _c, ...row }) => row),
    );
    lap(`${planned.length} products`);

    // ---- images ------------------------------------------------------------------------
    const svgs: SvgImage[] = [{ key: PLACEHOLDER_KEY, svg: noImageSvg(), width: 800, height: 800 }];
    // A store's banner shows the icon of the root category it sells most in.
    const iconFor = (slug: string) =>
      CATEGORIES.map((c) => [c.icon, c.subcategories.filter((s) => s.stores[0] === slug).length * 10 + c.subcategories.filter((s) => s.stores.includes(slug)).length] as const).sort(
        (a, b) => b[1] - a[1],
      )[0][0];
    for (const s of STORES) {
      svgs.push({ key: `stores/${s.slug}-logo.svg`, svg: storeLogoSvg(s), width: 400, height: 400 });
      svgs.push({ key: `stores/${s.slug}-banner.svg`, svg: storeBannerSvg(s, iconFor(s.slug)), width: 1600, height: 400 });
    }
    const links: Array<{ product_id: number; image_key: string; position: number; created_at: string }> = [];
    for (const p of planned) {
      const kind = kindOf(p.name, p.sub.slug).kind;
      for (let n = 1; n <= p.imageCount; n++) {
        const key = `products/${p.id}-${n}.svg`;
        svgs.push({
          key,
          svg: productSvg({ name: p.name, icon: p.root.icon, kind, palette: p.root.palette, seed: p.seedNo, n }),
          width: 800,
          height: 800,
        });
        links.push({ product_id: p.id, image_key: key, position: n - 1, created_at: p.created_at });
      }
    }
    // Issue 36 item 2: certified categories, and a demo certificate (number and drawn photo) on each of their products.
    const certifiedSlugs = CATEGORIES.flatMap((c) => c.subcategories.filter((s) => s.certified).map((s) => s.slug));
    await q.query("UPDATE categories SET requires_certificate = true WHERE slug = ANY($1::text[])", [certifiedSlugs]);
    const certificates: Array<{ id: number; certificate_number: string; certificate_image_key: string }> = [];
    for (const p of planned) {
      if (!p.sub.certified) continue;
      const number = demoCertificateNumber(p.id);
      const key = `products/${p.id}-certificate.svg`;
      svgs.push({ key, svg: certificateSvg(number, shortName(p.name)), width: 600, height: 800 });
      certificates.push({ id: p.id, certificate_number: number, certificate_image_key: key });
    }
    await storeSvgImages(q, svgs);
    await q.query(
      `UPDATE products p SET certificate_number = x.certificate_number, certificate_image_key = x.certificate_image_key
         FROM jsonb_to_recordset($1::jsonb) AS x(id int, certificate_number text, certificate_image_key text) WHERE p.id = x.id`,
      [JSON.stringify(certificates)],
    );
    await insertRows(
      q,
      "product_images",
      [
        ["product_id", "int"],
        ["image_key", "text"],
        ["position", "int"],
        ["created_at", "timestamptz"],
      ],
      links,
    );
    lap(`${svgs.length} images (${links.length} product images)`);

    // ---- reviews -----------------------------------------------------------------------
    const buyerIds = buyerEmails.map(userId);
    const reviews: Array<Record<string, unknown>> = [];
    for (const p of planned) {
      if (rng() >= 0.4) continue;
      const count = weighted(rng, [
        [1, 30],
        [2, 25],
        [3, 18],
        [4, 12],
        [5, 9],
        [6, 6],
      ] as const);
      const from = Date.parse(p.created_at);
      for (const uid of shuffle(rng, buyerIds).slice(0, count)) {
        const rating = weighted(rng, [
          [5, 45],
          [4, 32],
          [3, 12],
          [2, 6],
          [1, 5],
        ] as const);
        const at = iso(from + Math.floor(rng() * (now - from)));
        reviews.push(reviewRow({ product_id: p.id, user_id: uid, rating, review_text: pick(rng, REVIEW_TEXTS[rating]), created_at: at }));
      }
    }
    await insertRows(
      q,
      "reviews",
      [
        ["product_id", "int"],
        ["user_id", "int"],
        ["rating", "int"],
        ["review_text", "text"],
        ["created_at", "timestamptz"],
        ["updated_at", "timestamptz"],
      ],
      reviews,
      "ON CONFLICT (product_id, user_id) DO NOTHING",
    );
    lap(`${reviews.length} reviews`);

    await seedDemoOrders(q, log);
    lap("demo orders");

    return { created: true, products: planned.length };
  });
}
