/**
 * Product rules (spec sections 3, 5 and 9), shared by the API (POST/PUT/PATCH /products/) and the
 * vendor's add/edit product forms. Client-safe: no server imports. Whether an upload really is a
 * JPEG, PNG or WebP is decided on the server from its bytes (app/api/core/uploads.server.ts); the
 * form checks the browser's type and size first with the same messages.
 */
import * as z from "zod";
import { TEXT_MAX, text } from "./text";
import { requiredText, wordCount } from "./validation";
import { MAX_TIERS, PACK_MEASURES, UNITS, UNIT_MESSAGES, isDivisible, hasFixedPrecision, tiersProblem, type PriceTier } from "./units";
import { certificateNumberField } from "./certificates";
import { IMAGE_MESSAGES, MAX_PRICE_NAIRA, MAX_STOCK, PRODUCT_IMAGE_SLOTS, PRODUCT_MESSAGES, PRODUCT_SIZES, PRODUCT_TYPES, imageFileProblem, sameFile } from "./product-rules";

export * from "./product-rules";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A naira amount (number or numeric string) to kobo; at least 0. */
export const priceField = (required: string = PRODUCT_MESSAGES.priceRequired) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string().trim().max(20, PRODUCT_MESSAGES.priceNumber).regex(/^-?\d+(\.\d{1,2})?$/, PRODUCT_MESSAGES.priceNumber)], {
        error: (iss) => (iss.input === undefined ? required : PRODUCT_MESSAGES.priceNumber),
      })
      .transform(Number)
      .pipe(
        z
          .number()
          .refine((n) => Number.isFinite(n), PRODUCT_MESSAGES.priceNumber)
          .refine((n) => n >= 0, PRODUCT_MESSAGES.priceMin)
          .refine((n) => n <= MAX_PRICE_NAIRA, PRODUCT_MESSAGES.priceMax)
          .transform((n) => Math.round(n * 100)),
      ),
  );

const idField = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string().trim().max(20, message).regex(/^\d+$/, message)], { error: message })
      .transform(Number)
      .pipe(z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message)),
  );

const descriptionField = /* @__PURE__ */ (() =>
  z
    .string({ error: PRODUCT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.descriptionRequired)
    .pipe(text(TEXT_MAX.description))
    .refine((v) => wordCount(v) >= 50, PRODUCT_MESSAGES.wordsMin)
    .refine((v) => wordCount(v) <= 250, PRODUCT_MESSAGES.wordsMax))();

const stockField = /* @__PURE__ */ (() =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string().trim().max(10, PRODUCT_MESSAGES.stockInvalid).regex(/^\d+$/, PRODUCT_MESSAGES.stockInvalid)], {
        error: PRODUCT_MESSAGES.stockInvalid,
      })
      .transform(Number)
      .pipe(z.number().int(PRODUCT_MESSAGES.stockInvalid).min(0, PRODUCT_MESSAGES.stockInvalid).max(MAX_STOCK, PRODUCT_MESSAGES.stockInvalid))
      .optional(),
  ))();

const boolField = /* @__PURE__ */ (() =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? ["true", "1", "on", "yes"].includes(v.toLowerCase()) : v),
    z.boolean().optional(),
  ))();

/** A positive quantity (number or numeric string) to 2 decimals. */
const positiveQuantity = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string().trim().max(12, message).regex(/^\d+([.,]\d+)?$/, message)], { error: message })
      .transform((v) => Number(typeof v === "string" ? v.replace(",", ".") : v))
      .pipe(z.number().refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_STOCK, message).refine(hasFixedPrecision, UNIT_MESSAGES.decimalsMax)),
  );

/** Nullable text/number: "" or null clears it. */
const clearable = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === "" ? null : v), z.union([z.null(), inner]));

/**
 * A volume price ladder as clients send it: [{min_quantity, price (naira)}] (an array, or its JSON
 * text, as a multipart form sends it); price in naira out as `price_kobo`. Empty: one price.
 */
export const priceTiersField = /* @__PURE__ */ (() =>
  z.preprocess(
    (v) => {
      if (v === "" || v === null) return [];
      if (typeof v === "string") {
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }
      return v;
    },
    z
      .array(
        z.object({
          min_quantity: positiveQuantity(UNIT_MESSAGES.tierQuantity),
          price: priceField(UNIT_MESSAGES.tierPrice),
        }),
        { error: UNIT_MESSAGES.tierPrice },
      )
      .max(MAX_TIERS, UNIT_MESSAGES.tiersMax)
      .transform((ts) => ts.map((t) => ({ min_quantity: t.min_quantity, price_kobo: t.price }))),
  ))();

/** The trade fields of a product (issue 34, app/domain/units.ts), as the API reads them. */
export const tradeFields = /* @__PURE__ */ (() => ({
  unit: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase().replace("m²", "m2").replace("m³", "m3") || undefined : v ?? undefined),
    z.enum(UNITS, { error: UNIT_MESSAGES.unitInvalid }).default("piece"),
  ),
  pack_description: clearable(text(80)).optional(),
  pack_size: clearable(positiveQuantity(UNIT_MESSAGES.packSizeInvalid)).optional(),
  pack_measure: clearable(z.enum(PACK_MEASURES, { error: UNIT_MESSAGES.packMeasureInvalid })).optional(),
  min_quantity: positiveQuantity(UNIT_MESSAGES.minInvalid).default(1),
  quantity_step: positiveQuantity(UNIT_MESSAGES.stepInvalid).default(1),
  price_tiers: priceTiersField.default([]),
}))();

export interface TradeValues {
  unit: string;
  pack_size: number | null;
  pack_measure: string | null;
  min_quantity: number;
  quantity_step: number;
  price_tiers: PriceTier[];
  price_kobo: number;
  stock_quantity: number | null;
}

/**
 * The product's trade fields checked together (the API runs it on the product as it would be
 * after the write): whole units in whole numbers, a pack size with its measure, the ladder
 * rising with prices not rising and not above the price, quantities within the stock.
 * Messages by field (price_tiers.N.min_quantity / .price for a rung).
 */
export function tradeProblems(v: TradeValues): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isDivisible(v.unit)) {
    if (!Number.isInteger(v.min_quantity)) out.min_quantity = UNIT_MESSAGES.wholeOnly;
    if (!Number.isInteger(v.quantity_step)) out.quantity_step = UNIT_MESSAGES.wholeOnly;
    v.price_tiers.forEach((t, i) => {
      if (!Number.isInteger(t.min_quantity)) out[`price_tiers.${i}.min_quantity`] ??= UNIT_MESSAGES.wholeOnly;
    });
  }
  if (v.pack_size !== null && v.pack_measure === null) out.pack_measure = UNIT_MESSAGES.packMeasureRequired;
  const ladder = tiersProblem(v.price_tiers, v.price_kobo, v.min_quantity);
  if (ladder) {
    const field = ladder.message === UNIT_MESSAGES.tierAbovePrice || ladder.message === UNIT_MESSAGES.tiersPriceRising ? "price" : "min_quantity";
    const key = ladder.index >= v.price_tiers.length ? "price_tiers" : `price_tiers.${ladder.index}.${field}`;
    out[key] ??= ladder.message;
  }
  if (v.stock_quantity !== null && v.stock_quantity > 0) {
    if (v.min_quantity > v.stock_quantity) out.min_quantity ??= UNIT_MESSAGES.minAboveStock;
    v.price_tiers.forEach((t, i) => {
      if (t.min_quantity > v.stock_quantity!) out[`price_tiers.${i}.min_quantity`] ??= UNIT_MESSAGES.tierAboveStock;
    });
  }
  return out;
}

/**
 * The product form's fields (spec section 5), as the API reads them: price in naira (answered in
 * kobo as `price_kobo`), stock quantity (`stock_quantity` or `stock`), type sale/rent (default sale),
 * category id (`category` or `category_id`). Store, user and images are handled by the caller.
 */
export const ProductFieldsSchema = /* @__PURE__ */ (() =>
  z.object({
    name: requiredText(PRODUCT_MESSAGES.nameRequired, 3, PRODUCT_MESSAGES.nameMin),
    price_kobo: priceField(),
    description: descriptionField,
    size: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
      z.enum(PRODUCT_SIZES, { error: PRODUCT_MESSAGES.sizeRequired }),
    ),
    type: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v ?? undefined),
      z.enum(PRODUCT_TYPES, { error: PRODUCT_MESSAGES.typeInvalid }).default("sale"),
    ),
    category_id: idField(PRODUCT_MESSAGES.categoryRequired),
    stock_quantity: stockField,
    published: boolField,
    /** Issue 35 item 5: bulk goods (sand, granite by the trip): never paid at the door (app/domain/slot-rules.ts). */
    bulk: boolField,
    ...tradeFields,
  }))();
export type ProductFields = z.output<typeof ProductFieldsSchema>;

/**
 * POST /products/options/ and the add-variant step: a variant (id or new name), its value and price.
 * An option's `price` is the UNIT PRICE of the product with that option (not a surcharge): a shopper
 * who picks it pays that price per unit in the cart and the order.
 */
export const ProductOptionSchema = /* @__PURE__ */ (() =>
  z.object({
    variant: z.preprocess(
      blankToUndefined,
      z.union([
        z.number().int().positive().max(2_147_483_647),
        z.string().trim().min(1).max(TEXT_MAX.name).refine((v) => !v.includes("\u0000"), "Null characters are not allowed."),
      ], { error: PRODUCT_MESSAGES.variantRequired }),
    ),
    value: requiredText(PRODUCT_MESSAGES.variantValue),
    /** Naira in, kobo out. */
    price: priceField(PRODUCT_MESSAGES.variantPrice),
    product: idField("A valid integer is required."),
    /**
     * The option's own stock (optional; empty: the option shares the product's stock). Once one
     * option of a product has stock, every option has (0 until set) and the product's stock is
     * their sum.
     */
    stock_quantity: stockField,
    /** The option's volume price ladder (like the product's): [{min_quantity, price}] naira in, kobo out. */
    price_tiers: priceTiersField.optional(),
  }))();

/**
 * PATCH /products/options/{id}/ and the vendor's option stock form: the option's stock and/or its
 * price (naira in, kobo out). At least one of them.
 */
export const OptionUpdateSchema = /* @__PURE__ */ (() =>
  z
    .object({
      stock_quantity: stockField,
      price: z.preprocess(blankToUndefined, priceField(PRODUCT_MESSAGES.variantPrice).optional()),
      price_tiers: priceTiersField.optional(),
    })
    .refine((v) => v.stock_quantity !== undefined || v.price !== undefined || v.price_tiers !== undefined, { path: ["stock_quantity"], message: PRODUCT_MESSAGES.optionUpdateEmpty }))();

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;

const formId = /* @__PURE__ */ (() =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string().trim().max(20).regex(/^\d+$/)], { error: PRODUCT_MESSAGES.categoryRequired })
      .transform(Number)
      .pipe(z.number().int().positive().max(2_147_483_647))
      .optional(),
  ))();

/**
 * The vendor's add/edit product form (field names as the form posts them): the same field rules as
 * ProductFieldsSchema, a root `category` and/or a `sub_category` (the most specific one is used),
 * and four photo slots `image[0..3]` checked by the browser's type and size, with the spec's
 * duplicate rule. Adding needs at least one photo; editing none (empty slots stay as they are).
 */
export function productFormSchema(mode: "add" | "edit") {
  return z
    .object({
      type: ProductFieldsSchema.shape.type,
      category: formId,
      sub_category: formId,
      name: ProductFieldsSchema.shape.name,
      price: ProductFieldsSchema.shape.price_kobo,
      size: ProductFieldsSchema.shape.size,
      stock_quantity: ProductFieldsSchema.shape.stock_quantity,
      description: ProductFieldsSchema.shape.description,
      image: z.array(z.unknown()).max(PRODUCT_IMAGE_SLOTS).optional(),
      // Issue 36 item 2: the SON certificate (whether its category needs one is the API's to say).
      certificate_number: certificateNumberField.optional(),
      certificate_image: z.unknown().optional(),
      // Issue 35 item 5: a checkbox ("on" when ticked, absent when not).
      bulk: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
      ...tradeFields,
      // The form's ladder rows (price_tiers[i].min_quantity / .price); blank rows are dropped.
      price_tiers: z
        .array(
          z.object({
            min_quantity: z.preprocess(blankToUndefined, positiveQuantity(UNIT_MESSAGES.tierQuantity).optional()),
            price: z.preprocess(blankToUndefined, priceField(UNIT_MESSAGES.tierPrice).optional()),
          }),
        )
        .max(MAX_TIERS, UNIT_MESSAGES.tiersMax)
        .optional(),
    })
    .superRefine(
      (raw, ctx) => {
        // Runs even when other fields failed (`when`), so every message shows at once: `raw` may be partial.
        const v = raw as Record<string, unknown>;
        const rows = formTierRows(v.price_tiers);
        rows.forEach((r) => {
          if (r.min_quantity === undefined) ctx.addIssue({ code: "custom", path: ["price_tiers", r.index, "min_quantity"], message: UNIT_MESSAGES.tierQuantity });
          if (r.price === undefined) ctx.addIssue({ code: "custom", path: ["price_tiers", r.index, "price"], message: UNIT_MESSAGES.tierPrice });
        });
        if (typeof v.price === "number" && rows.every((r) => r.min_quantity !== undefined && r.price !== undefined)) {
          const problems = tradeProblems({
            unit: typeof v.unit === "string" ? v.unit : "piece",
            pack_size: typeof v.pack_size === "number" ? v.pack_size : null,
            pack_measure: typeof v.pack_measure === "string" ? v.pack_measure : null,
            min_quantity: typeof v.min_quantity === "number" ? v.min_quantity : 1,
            quantity_step: typeof v.quantity_step === "number" ? v.quantity_step : 1,
            price_tiers: rows.map((r) => ({ min_quantity: r.min_quantity!, price_kobo: r.price! })),
            price_kobo: v.price,
            stock_quantity: typeof v.stock_quantity === "number" ? v.stock_quantity : null,
          });
          for (const [key, message] of Object.entries(problems)) {
            const parts = key.split(".");
            // A rung's message goes on its row (price_tiers[i] is the i-th row typed, blanks skipped).
            const path = parts[0] === "price_tiers" && parts.length === 3 ? ["price_tiers", rows[Number(parts[1])]?.index ?? 0, parts[2]] : parts;
            ctx.addIssue({ code: "custom", path, message });
          }
        }
        if (v.category === undefined && v.sub_category === undefined)
          ctx.addIssue({ code: "custom", path: ["category"], message: PRODUCT_MESSAGES.categoryRequired });
        const list = Array.isArray(v.image) ? v.image : [];
        const files = list.slice(0, PRODUCT_IMAGE_SLOTS).map((f) => (isFile(f) && f.size > 0 ? f : null));
        if (mode === "add" && !files.some(Boolean)) ctx.addIssue({ code: "custom", path: ["image"], message: IMAGE_MESSAGES.required });
        if (isFile(v.certificate_image) && v.certificate_image.size > 0) {
          const problem = imageFileProblem(v.certificate_image);
          if (problem) ctx.addIssue({ code: "custom", path: ["certificate_image"], message: problem });
        }
        files.forEach((f, i) => {
          if (!f) return;
          const problem = imageFileProblem(f);
          if (problem) ctx.addIssue({ code: "custom", path: ["image", i], message: problem });
          else if (files.slice(0, i).some((g) => g && sameFile(f, g))) ctx.addIssue({ code: "custom", path: ["image", i], message: IMAGE_MESSAGES.duplicate });
        });
      },
      { when: () => true },
    );
}
export type ProductFormValue = z.output<ReturnType<typeof productFormSchema>>;

/** The ladder rows the seller filled in (blank rows skipped), with their row index. */
export function formTierRows(v: unknown): Array<{ index: number; min_quantity?: number; price?: number }> {
  if (!Array.isArray(v)) return [];
  return v
    .map((r, index) => ({ index, min_quantity: (r as { min_quantity?: number } | undefined)?.min_quantity, price: (r as { price?: number } | undefined)?.price }))
    .filter((r) => r.min_quantity !== undefined || r.price !== undefined);
}

/** Rows of the product form's ladder (blank rows keep the layout without JavaScript). */
export const FORM_TIER_ROWS = 3;

/**
 * The add-variant step: a variant (an existing name chosen from the list, or a new one typed), its
 * value and price (naira). Value and price are required once a variant is chosen (spec section 5).
 */
export const VariantStepSchema = /* @__PURE__ */ (() =>
  z.object({
    variant: z.preprocess(
      blankToUndefined,
      z.string({ error: PRODUCT_MESSAGES.variantRequired }).trim().min(1, PRODUCT_MESSAGES.variantRequired).max(TEXT_MAX.name).pipe(text(TEXT_MAX.name)),
    ),
    value: requiredText(PRODUCT_MESSAGES.variantValue),
    price: priceField(PRODUCT_MESSAGES.variantPrice),
    /** The option's own stock (empty: it shares the product's stock). */
    stock_quantity: stockField,
  }))();
