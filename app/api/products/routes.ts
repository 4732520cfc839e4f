/**
 * Product writes for store members (spec sections 3, 5, 7). Rules and messages:
 * app/domain/products.ts. Images: app/api/core/uploads.server.ts (by content, 5 MB, 4 slots).
 * Only members of the product's store (or admins) may write; anyone else gets 404 (401 without a
 * token), before the body is looked at.
 *
 * POST /products/              multipart: store, user (ignored: the caller), price (naira), size, type,
 *                              category (id or category URL), name, description (50-250 words),
 *                              stock_quantity (default 100), published (default true), image[0..3]
 *                              (at least one). 201 → the product (shop shape).
 * PUT /products/{id}/          the same fields, all required except images (a given image[i] replaces slot i).
 * PATCH /products/{id}/        any of them (store_id/user_id accepted and ignored). 200 → the product.
 * PATCH /products/images/{imageId}/   multipart image: replaces that photo (same id). 200 {id, image, product, position}.
 * DELETE /products/{id}/       204; hidden from the catalogue, search, the store's list, carts and wishlists;
 *                              past order lines keep it.
 * GET /products/variants/      public, paged {count, next, previous, results: [{id, name}]}.
 * POST /products/options/      {value, price, variant (id, or a new name), product, stock_quantity (optional)}: 201 the option.
 * PATCH /products/options/{id}/  {stock_quantity?, price?} (members of the product's store): 200 the option.
 *                              An option with stock makes every option of the product have stock (0 until
 *                              set) and the product's stock their sum, recomputed in the same transaction.
 * GET /products/{id}/images/   members of its store: the photos with their slot [{id, image, product, position}]
 *                              (the edit form shows each in its slot; an empty slot is filled with PATCH image[i]).
 * GET /products/{id}/options/  the product's options [{id, value, price, variant, variant_name, product, stock_quantity}], seen
 *                              by whoever may see the product (published, or a member of its store).
 */
import { PRODUCT_IMAGE_SLOTS, IMAGE_MESSAGES, OptionUpdateSchema, ProductFieldsSchema, ProductOptionSchema, productInput, tradeProblems, type ProductFields } from "~/domain/products";
import { tiersProblem, type PriceTier } from "~/domain/units";
import { tiersAnswer } from "../catalog/serialize";
import type { Queryable } from "~/db/client.server";
import { koboToNaira } from "~/domain/money";
import { log } from "~/ops/logger.server";
import { badRequest, json, noContent, notFound, paged, pageParams, validate, zodToDrf } from "../core/http";
import { imageUrl } from "../core/media";
import { parseIntId } from "../core/params";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { checkImage, checkImages, hasFile, indexImages, putImages, type CheckedImage, type StoredImage } from "../core/uploads.server";
import { certificateOf, findProduct, serializeProducts } from "../catalog/queries.server";
import { ProductSchema } from "../catalog/schemas";
import { CertificateReportSchema, certificateNumberField, certificateProblems } from "~/domain/certificates";
import { reportCertificate } from "~/workflows/certificates.server";
import { addressKey, rateLimiter, type RateRule } from "../rate-limit.server";
import { checkCategory, categoryRequiresCertificate, insertProduct, setCertificate, liveProduct, setImageSlot, softDeleteProduct, updateProduct, variantId } from "./commands.server";
import { lockProduct, stockedByOption, syncProductStock } from "./stock.server";
import { CertificateReportAnswer, ImageSlotBody, OptionBody, ProductImageAnswer, ProductImageList, ProductOptionAnswer, ProductOptionList, ProductPatchBody, ProductWriteBody, VariantPageSchema } from "./schemas";

/** The photo slots a body fills: image[i] (also image{i}, images[i]; `image` is slot 0). */
function imageSlots(body: Record<string, unknown>): Array<{ field: string; slot: number; value: unknown }> {
  const out: Array<{ field: string; slot: number; value: unknown }> = [];
  for (let i = 0; i < PRODUCT_IMAGE_SLOTS; i++) {
    const value = body[`image[${i}]`] ?? body[`image${i}`] ?? body[`images[${i}]`] ?? (i === 0 ? body.image : undefined);
    if (hasFile(value)) out.push({ field: `image[${i}]`, slot: i, value }); // a URL or an empty input: slot unchanged
  }
  return out;
}

const TRADE_KEYS: ReadonlySet<string> = new Set(["unit", "pack_description", "pack_size", "pack_measure", "min_quantity", "quantity_step", "price_tiers"]);

/**
 * The trade fields checked together on the product as it would be after the write (the stored
 * values for what the request leaves alone): app/domain/products.ts tradeProblems. A 400 by field.
 */
async function checkTrade(ctx: ApiContext, f: Partial<ProductFields>, productId: number | null): Promise<void> {
  const cur = productId === null ? undefined : (
    await ctx.db.query<{ unit: string; pack_size: number | null; pack_measure: string | null; min_quantity: number; quantity_step: number; price_tiers: PriceTier[]; price_kobo: number; stock_quantity: number }>(
      "SELECT unit, pack_size, pack_measure, min_quantity, quantity_step, price_tiers, price_kobo, stock_quantity FROM products WHERE id = $1",
      [productId],
    )
  ).rows[0];
  const problems = tradeProblems({
    unit: f.unit ?? cur?.unit ?? "piece",
    pack_size: f.pack_size !== undefined ? f.pack_size : cur?.pack_size ?? null,
    pack_measure: f.pack_measure !== undefined ? f.pack_measure : cur?.pack_measure ?? null,
    min_quantity: f.min_quantity ?? cur?.min_quantity ?? 1,
    quantity_step: f.quantity_step ?? cur?.quantity_step ?? 1,
    price_tiers: f.price_tiers ?? cur?.price_tiers ?? [],
    price_kobo: f.price_kobo ?? cur?.price_kobo ?? 0,
    stock_quantity: f.stock_quantity ?? cur?.stock_quantity ?? null,
  });
  if (Object.keys(problems).length) throw badRequest(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
}

/** Validates fields and photos together, so a vendor sees every message at once. */
async function readProduct(
  ctx: ApiContext,
  body: Record<string, unknown>,
  mode: "create" | "put" | "patch",
  productId: number | null = null,
): Promise<{ fields: Partial<ProductFields>; images: Map<number, CheckedImage>; cert: CertificateInput }> {
  const input = productInput(body);
  const schema = mode === "patch" ? ProductFieldsSchema.partial() : ProductFieldsSchema;
  const parsed = schema.safeParse(input);
  const errors: Record<string, string[]> = {};
  if (!parsed.success)
    for (const [k, v] of Object.entries(zodToDrf(parsed.error))) {
      const name = k === "price_kobo" ? "price" : k === "category_id" ? "category" : k;
      errors[name] = v;
    }
  const slots = imageSlots(body);
  let images = new Map<number, CheckedImage>();
  try {
    const checked = await checkImages(slots.map((s) => ({ field: s.field, value: s.value })));
    images = new Map(slots.filter((s) => checked.has(s.field)).map((s) => [s.slot, checked.get(s.field)!]));
  } catch (e) {
    const b = (e as { body?: Record<string, string[]> }).body;
    if (!b) throw e;
    Object.assign(errors, b);
  }
  if (mode === "create" && slots.length === 0) errors.image = [IMAGE_MESSAGES.required];
  const cert: CertificateInput = {};
  if ("certificate_number" in body) {
    const n = certificateNumberField.safeParse(body.certificate_number);
    if (n.success) cert.number = n.data || null;
    else errors.certificate_number = zodToDrf(n.error)[""] ?? Object.values(zodToDrf(n.error))[0] ?? [];
  }
  if (hasFile(body.certificate_image)) {
    try {
      cert.image = await checkImage(body.certificate_image, "certificate_image");
    } catch (e) {
      const b = (e as { body?: Record<string, string[]> }).body;
      if (!b) throw e;
      Object.assign(errors, b);
    }
  }
  if (Object.keys(errors).length || !parsed.success) throw badRequest(errors);
  // PATCH changes only what was sent (a default must not overwrite the product's value).
  // A PUT from an older client that sends no trade fields (unit, ladder…) keeps the product's.
  const fields: Partial<ProductFields> = {};
  for (const [k, v] of Object.entries(parsed.data) as Array<[keyof ProductFields, never]>)
    if (k in input || (mode === "create") || (mode === "put" && !TRADE_KEYS.has(k))) fields[k] = v;
  await checkCategory(ctx.db, fields.category_id);
  await checkTrade(ctx, fields, productId);
  await checkCertificate(ctx, fields, cert, productId);
  return { fields, images, cert };
}

/** The certificate fields of a write: a number ("" → null clears it) and/or a photo, when sent. */
interface CertificateInput {
  number?: string | null;
  image?: CheckedImage;
}

/**
 * Issue 36 item 2 (app/domain/certificates.ts): the product as it would be after the write is
 * published only with a certificate number and photo when its category requires one, unless an
 * administrator waived it. A 400 by field otherwise.
 */
async function checkCertificate(ctx: ApiContext, f: Partial<ProductFields>, cert: CertificateInput, productId: number | null): Promise<void> {
  const cur = productId === null ? undefined : (
    await ctx.db.query<{ published: boolean; category_id: number; certificate_number: string | null; certificate_image_key: string | null; waived: boolean }>(
      "SELECT published, category_id, certificate_number, certificate_image_key, certificate_waived_at IS NOT NULL AS waived FROM products WHERE id = $1",
      [productId],
    )
  ).rows[0];
  const categoryId = f.category_id ?? cur?.category_id;
  const problems = certificateProblems({
    published: f.published ?? cur?.published ?? true,
    categoryRequires: categoryId === undefined ? false : await categoryRequiresCertificate(ctx.db, categoryId),
    number: cert.number !== undefined ? cert.number : cur?.certificate_number ?? null,
    hasPhoto: !!cert.image || !!cur?.certificate_image_key,
    waived: cur?.waived ?? false,
  });
  if (Object.keys(problems).length) throw badRequest(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
}

/** Stores the certificate photo (if any) and writes the certificate fields that were sent. */
async function saveCertificate(q: Queryable, productId: number, cert: CertificateInput, photo: StoredImage | undefined) {
  if (photo) await indexImages(q, [photo]);
  if (cert.number !== undefined || photo) await setCertificate(q, productId, cert.number, photo?.key);
}

async function answerProduct(ctx: ApiContext, id: number, status = 200) {
  const row = await findProduct(ctx.db, id);
  if (!row) throw notFound();
  const [product] = await serializeProducts(ctx.db, [row], ctx.url.origin);
  const certificate = await certificateOf(ctx.db, id, ctx.url.origin);
  return json({ ...product, ...(certificate ? { certificate } : {}) }, status);
}

async function create(ctx: ApiContext) {
  const user = await ctx.requireUser();
  const body = await ctx.body();
  const storeId = parseIntId(String(body.store ?? body.store_id ?? ""));
  if (storeId === null) throw badRequest({ store: ["A valid integer is required."] });
  await ctx.requireStoreRole(storeId, "member");
  const { fields, images, cert } = await readProduct(ctx, body, "create");
  const stored = await putImages("products", images);
  const photo = cert.image ? (await putImages("products", new Map([[0, cert.image]]))).get(0) : undefined;
  const id = await ctx.db.tx(async (q) => {
    await indexImages(q, stored.values());
    const pid = await insertProduct(q, storeId, user.id, fields as ProductFields);
    await saveCertificate(q, pid, cert, photo);
    // Slots in order, without gaps: image[0], image[2] become positions 0 and 1.
    let pos = 0;
    for (const slot of [...stored.keys()].sort((a, b) => a - b)) await setImageSlot(q, pid, pos++, stored.get(slot)!.key);
    return pid;
  });
  log().info({ requestId: ctx.requestId, productId: id, storeId, userId: user.id }, "product created");
  return answerProduct(ctx, id, 201);
}

/** The live product of path :id if the caller is a member of its store; 404 otherwise. */
async function memberProduct(ctx: ApiContext) {
  const id = ctx.intParam("id");
  await ctx.requireUser();
  const p = await liveProduct(ctx.db, id);
  if (!p) throw notFound();
  await ctx.requireStoreRole(p.store_id, "member");
  return p;
}

function update(mode: "put" | "patch") {
  return async (ctx: ApiContext) => {
    const p = await memberProduct(ctx);
    const { fields, images, cert } = await readProduct(ctx, await ctx.body(), mode, p.id);
    if (images.size) {
      // A photo the product already shows in a slot this request keeps is the spec's duplicate.
      const kept = await ctx.db.query<{ sha256: string }>(
        `SELECT i.sha256 FROM product_images pi JOIN images i ON i.key = pi.image_key
          WHERE pi.product_id = $1 AND NOT (pi.position = ANY($2::int[]))`,
        [p.id, [...images.keys()]],
      );
      const have = new Set(kept.rows.map((r) => r.sha256));
      const dup: Record<string, string[]> = {};
      for (const [slot, img] of images) if (have.has(img.sha256)) dup[`image[${slot}]`] = [IMAGE_MESSAGES.duplicate];
      if (Object.keys(dup).length) throw badRequest(dup);
    }
    const stored = await putImages("products", images);
    const photo = cert.image ? (await putImages("products", new Map([[0, cert.image]]))).get(0) : undefined;
    await ctx.db.tx(async (q) => {
      if (!(await liveProduct(q, p.id, true))) throw notFound(); // deleted meanwhile
      await saveCertificate(q, p.id, cert, photo);
      // A product whose options have stock keeps the sum of theirs: its own stock is set per option.
      if (fields.stock_quantity !== undefined && (await stockedByOption(q, p.id))) delete fields.stock_quantity;
      await indexImages(q, stored.values());
      await updateProduct(q, p.id, fields);
      for (const [slot, img] of stored) await setImageSlot(q, p.id, slot, img.key);
    });
    return answerProduct(ctx, p.id);
  };
}

async function replaceImage(ctx: ApiContext) {
  const imageId = ctx.intParam("imageId");
  await ctx.requireUser();
  const r = await ctx.db.query<{ product_id: number; store_id: number; position: number }>(
    `SELECT pi.product_id, p.store_id, pi.position FROM product_images pi JOIN products p ON p.id = pi.product_id
      WHERE pi.id = $1 AND p.deleted_at IS NULL`,
    [imageId],
  );
  const row = r.rows[0];
  if (!row) throw notFound();
  await ctx.requireStoreRole(row.store_id, "member");
  const body = await ctx.body();
  const img = await checkImage(body.image ?? body["image[0]"] ?? body.file, "image");
  // The same picture as another photo of this product is the spec's duplicate.
  const same = await ctx.db.query(
    `SELECT 1 FROM product_images pi JOIN images i ON i.key = pi.image_key WHERE pi.product_id = $1 AND pi.id <> $2 AND i.sha256 = $3`,
    [row.product_id, imageId, img.sha256],
  );
  if (same.rows[0]) throw badRequest({ image: [IMAGE_MESSAGES.duplicate] });
  const stored = (await putImages("products", new Map([[0, img]]))).get(0)!;
  await ctx.db.tx(async (q) => {
    await indexImages(q, [stored]);
    await q.query("UPDATE product_images SET image_key = $2 WHERE id = $1", [imageId, stored.key]);
    await q.query("UPDATE products SET updated_at = now() WHERE id = $1", [row.product_id]);
  });
  return json({ id: imageId, image: imageUrl(ctx.url.origin, stored.key), product: row.product_id, position: row.position });
}

async function remove(ctx: ApiContext) {
  const p = await memberProduct(ctx);
  await ctx.db.tx((q) => softDeleteProduct(q, p.id));
  log().info({ requestId: ctx.requestId, productId: p.id }, "product deleted");
  return noContent();
}

async function listImages(ctx: ApiContext) {
  const p = await memberProduct(ctx);
  const r = await ctx.db.query<{ id: number; image_key: string; position: number }>(
    "SELECT id, image_key, position FROM product_images WHERE product_id = $1 ORDER BY position, id",
    [p.id],
  );
  return json(r.rows.map((row) => ({ id: row.id, image: imageUrl(ctx.url.origin, row.image_key), product: p.id, position: row.position })));
}

async function listOptions(ctx: ApiContext) {
  const id = ctx.intParam("id");
  const r = await ctx.db.query<{ store_id: number; published: boolean }>("SELECT store_id, published FROM products WHERE id = $1 AND deleted_at IS NULL", [id]);
  const p = r.rows[0];
  if (!p) throw notFound();
  if (!p.published && !(await ctx.hasStoreRole(await ctx.user(), p.store_id, "member"))) throw notFound();
  const rows = await ctx.db.query<OptionRow>(`${OPTION_SELECT} WHERE o.product_id = $1 ORDER BY o.id`, [id]);
  return json(rows.rows.map(optionAnswer));
}

interface OptionRow {
  id: number;
  value: string;
  price_kobo: number;
  variant: number;
  variant_name: string;
  product: number;
  stock_quantity: number | null;
  price_tiers: PriceTier[];
}
const OPTION_SELECT = `SELECT o.id, o.value, o.price_kobo, o.variant_id AS variant, v.name::text AS variant_name, o.product_id AS product, o.stock_quantity, o.price_tiers
       FROM product_options o JOIN variants v ON v.id = o.variant_id`;
const optionAnswer = (o: OptionRow) => ({
  id: o.id,
  value: o.value,
  price: koboToNaira(o.price_kobo),
  variant: o.variant,
  variant_name: o.variant_name,
  product: o.product,
  stock_quantity: o.stock_quantity,
  price_tiers: tiersAnswer(o.price_tiers),
});

/** An option's ladder against its price and the product's minimum order (a 400 on `price_tiers`). */
async function checkOptionTiers(q: Queryable, productId: number, tiers: PriceTier[], priceKobo: number) {
  const p = (await q.query<{ min_quantity: number }>("SELECT min_quantity FROM products WHERE id = $1", [productId])).rows[0];
  const problem = tiersProblem(tiers, priceKobo, p?.min_quantity ?? 1);
  if (problem) throw badRequest({ price_tiers: [problem.message] });
}

/** PATCH /products/options/{optionId}/: the option's stock and/or price, by a member of the product's store. */
async function updateOption(ctx: ApiContext<typeof OptionUpdateSchema>) {
  const optionId = ctx.intParam("optionId");
  await ctx.requireUser();
  const r = await ctx.db.query<{ product_id: number; store_id: number }>(
    "SELECT o.product_id, p.store_id FROM product_options o JOIN products p ON p.id = o.product_id WHERE o.id = $1 AND p.deleted_at IS NULL",
    [optionId],
  );
  const found = r.rows[0];
  if (!found) throw notFound();
  await ctx.requireStoreRole(found.store_id, "member");
  const patch = await ctx.input();
  const option = await ctx.db.tx(async (q) => {
    // The product row first, then the option (the lock order of stock.server.ts).
    if (!(await lockProduct(q, found.product_id))) throw notFound();
    if (patch.price_tiers !== undefined || patch.price !== undefined) {
      const cur = (await q.query<{ price_kobo: number; price_tiers: PriceTier[] }>("SELECT price_kobo, price_tiers FROM product_options WHERE id = $1", [optionId])).rows[0];
      if (cur) await checkOptionTiers(q, found.product_id, patch.price_tiers ?? cur.price_tiers, patch.price ?? cur.price_kobo);
    }
    const u = await q.query<{ id: number }>(
      `UPDATE product_options SET stock_quantity = COALESCE($2, stock_quantity), price_kobo = COALESCE($3, price_kobo), price_tiers = COALESCE($5::jsonb, price_tiers)
        WHERE id = $1 AND product_id = $4 RETURNING id`,
      [optionId, patch.stock_quantity ?? null, patch.price ?? null, found.product_id, patch.price_tiers ? JSON.stringify(patch.price_tiers) : null],
    );
    if (!u.rows[0]) throw notFound(); // gone meanwhile
    await syncProductStock(q, found.product_id);
    return (await q.query<OptionRow>(`${OPTION_SELECT} WHERE o.id = $1`, [optionId])).rows[0];
  });
  log().info({ requestId: ctx.requestId, optionId, productId: found.product_id }, "product option updated");
  return json(optionAnswer(option));
}

/** Reports of fake certificates: per address, generous (carrier-grade NAT), against floods. */
const REPORT_RULE: RateRule = { name: "certificate-report-ip", limit: 20, windowSeconds: 60 * 60, message: "Too many reports from your network. Please try again later." };

/**
 * POST /products/{id}/certificate-report/ {note, contact?}: anyone who may see the product reports
 * its SON certificate as fake (issue 36 item 2). The admins' list gets it, the store is told. 201.
 */
async function reportFake(ctx: ApiContext<typeof CertificateReportSchema>) {
  const id = ctx.intParam("id");
  const row = await findProduct(ctx.db, id);
  if (!row || row.deleted) throw notFound();
  const user = await ctx.user();
  if (!row.listed && !(await ctx.hasStoreRole(user, row.store_id, "member"))) throw notFound();
  const body = await ctx.input();
  await rateLimiter(ctx.db).consume(REPORT_RULE, addressKey(ctx.clientIp));
  const r = await ctx.db.tx((tx) => reportCertificate(tx, { productId: id, productName: row.name, storeSlug: row.store_slug ?? null, userId: user?.id ?? null, note: body.note, contact: body.contact }));
  log().info({ requestId: ctx.requestId, productId: id, reportId: r.id }, "certificate reported");
  return json({ id: r.id, product: id, certificate_number: r.certificate_number, created_at: new Date(r.created_at).toISOString() }, 201);
}

async function listVariants(ctx: ApiContext) {
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
  const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM variants");
  const rows = await ctx.db.query<{ id: number; name: string }>(
    `SELECT id, name::text AS name FROM variants ORDER BY lower(name), id LIMIT ${pageSize} OFFSET ${offset}`,
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows.rows, count.rows[0].n, page, pageSize));
}

async function createOption(ctx: ApiContext) {
  await ctx.requireUser();
  const body = await ctx.body();
  const productId = parseIntId(String(body.product ?? body.product_id ?? ""));
  if (productId === null) throw badRequest({ product: ["A valid integer is required."] });
  const p = await liveProduct(ctx.db, productId);
  if (!p) throw notFound();
  await ctx.requireStoreRole(p.store_id, "member");
  const o = validate(ProductOptionSchema, { ...body, product: productId });
  const option = await ctx.db.tx(async (q) => {
    // The product row first, then its options (the lock order of stock.server.ts).
    if (!(await lockProduct(q, productId))) throw notFound();
    const v = await variantId(q, o.variant);
    if (o.price_tiers?.length) await checkOptionTiers(q, productId, o.price_tiers, o.price);
    const r = await q.query<{ id: number }>(
      "INSERT INTO product_options (product_id, variant_id, value, price_kobo, stock_quantity, price_tiers) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id",
      [productId, v.id, o.value, o.price, o.stock_quantity ?? null, JSON.stringify(o.price_tiers ?? [])],
    );
    await syncProductStock(q, productId);
    return (await q.query<OptionRow>(`${OPTION_SELECT} WHERE o.id = $1`, [r.rows[0].id])).rows[0];
  });
  return json(optionAnswer(option), 201);
}

export const routes: RouteDef[] = [
  route({
    method: "POST",
    path: "/products/:id/certificate-report/",
    access: "public",
    summary:
      "Report a product's SON certificate as fake {note (10-1000 characters), contact (optional e-mail or phone)}: kept for the administrators, the store is told (issue 36 item 2). 201 {id, product, certificate_number, created_at}; 20 an hour per address",
    tag: "products",
    auth: "optional",
    status: 201,
    body: CertificateReportSchema,
    response: CertificateReportAnswer,
    handler: reportFake,
  }),
  {
    method: "POST",
    path: "/products/",
    access: "store-member",
    storeCheck: "handler",
    summary:
      "Add a product to a store (members of `store` only; others 404). Multipart: store, name, price, description (50-250 words), size, type, category, stock_quantity, published, image[0..3] (at least one; JPEG/PNG/WebP by content, 5 MB); trade fields (issue 34, all optional): unit (default piece), pack_description, pack_size + pack_measure, min_quantity, quantity_step, price_tiers (JSON [{min_quantity, price}] rising, prices not rising, none above price; or price_tiers[i].min_quantity/.price fields). 201 the product",
    tag: "products",
    auth: "required",
    multipart: true,
    status: 201,
    body: ProductWriteBody,
    // Fields and photos are checked together (every message at once; price_kobo named price): readProduct.
    bodyCheck: "handler",
    response: ProductSchema,
    handler: create,
  },
  {
    method: "PUT",
    path: "/products/:id/",
    access: "store-member",
    storeCheck: "handler",
    summary: "Replace a product's fields (members of its store); image[i] replaces photo slot i. 200 the product",
    tag: "products",
    auth: "required",
    multipart: true,
    body: ProductWriteBody,
    bodyCheck: "handler",
    response: ProductSchema,
    handler: update("put"),
  },
  {
    method: "PATCH",
    path: "/products/:id/",
    access: "store-member",
    storeCheck: "handler",
    summary: "Change some of a product's fields (members of its store); image[i] replaces photo slot i. 200 the product",
    tag: "products",
    auth: "required",
    multipart: true,
    body: ProductPatchBody,
    bodyCheck: "handler",
    response: ProductSchema,
    handler: update("patch"),
  },
  {
    method: "DELETE",
    path: "/products/:id/",
    access: "store-member",
    storeCheck: "handler",
    summary: "Delete a product (members of its store): hidden from the catalogue, search, carts and wishlists; past orders keep their lines. 204",
    tag: "products",
    auth: "required",
    status: 204,
    handler: remove,
  },
  {
    method: "PATCH",
    path: "/products/images/:imageId/",
    access: "store-member",
    storeCheck: "handler",
    summary: "Replace one photo of a product (multipart `image`; members of its store). 200 {id, image, product, position}",
    tag: "products",
    auth: "required",
    multipart: true,
    body: ImageSlotBody,
    // The photo is judged by its bytes (checkImage), which no schema sees.
    bodyCheck: "handler",
    response: ProductImageAnswer,
    handler: replaceImage,
  },
  {
    method: "GET",
    path: "/products/:id/images/",
    access: "store-member",
    storeCheck: "handler",
    summary: "A product's photos with their slot (members of its store): [{id, image, product, position}]",
    tag: "products",
    auth: "required",
    response: ProductImageList,
    handler: listImages,
  },
  {
    method: "GET",
    path: "/products/:id/options/",
    access: "public",
    summary: "A product's options (variant, value, price), for whoever may see the product",
    tag: "products",
    response: ProductOptionList,
    handler: listOptions,
  },
  {
    method: "GET",
    path: "/products/variants/",
    access: "public",
    summary: "Variant names (Colour, Size, …), paginated",
    tag: "products",
    response: VariantPageSchema,
    handler: listVariants,
  },
  {
    method: "POST",
    path: "/products/options/",
    access: "store-member",
    storeCheck: "handler",
    summary:
      "Add an option to a product {value, price, variant (id, or a new name), product, stock_quantity (optional: the option's own stock; the product's stock becomes the sum of its options')} (members of the product's store). 201 {id, value, price, variant, variant_name, product, stock_quantity}",
    tag: "products",
    auth: "required",
    status: 201,
    body: OptionBody,
    // `product` may come as product_id too: the handler names it, then checks ProductOptionSchema.
    bodyCheck: "handler",
    response: ProductOptionAnswer,
    handler: createOption,
  },
  {
    method: "PATCH",
    path: "/products/options/:optionId/",
    access: "store-member",
    storeCheck: "handler",
    summary:
      "Change an option's stock and/or price {stock_quantity, price} (members of the product's store; others 404). The product's stock becomes the sum of its options'. 200 the option",
    tag: "products",
    auth: "required",
    body: OptionUpdateSchema,
    response: ProductOptionAnswer,
    handler: updateOption,
  },
];
