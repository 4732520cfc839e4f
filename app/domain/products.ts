/**
 * Product rules (spec sections 3, 5 and 9), shared by the API (POST/PUT/PATCH /products/) and the
 * vendor's add/edit product forms. Client-safe: no server imports. Whether an upload really is a
 * JPEG, PNG or WebP is decided on the server from its bytes (app/api/core/uploads.server.ts); the
 * form checks the browser's type and size first with the same messages.
 */
import * as z from "zod";
import { TEXT_MAX, text } from "./text";
import { requiredText, wordCount } from "./validation";

/** Spec sections 5 and 9: four photo slots, each at most 5 MB, JPEG/PNG/WebP. */
export const PRODUCT_IMAGE_SLOTS = 4;
export const IMAGE_MAX_BYTES = 5_242_880;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** For file inputs: `accept` attribute. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";

export const IMAGE_MESSAGES = {
  type: "Invalid file type. Please choose a valid image (JPEG, PNG or WEBP).",
  size: "File size exceeds the limit (5MB). Please choose a smaller image.",
  required: "Please select an image.",
  duplicate: "Image has already been uploaded",
} as const;

export const PRODUCT_SIZES = ["small", "medium", "large"] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];
export const PRODUCT_TYPES = ["sale", "rent"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Highest price (naira) and stock a product may have (keeps kobo far inside bigint). */
export const MAX_PRICE_NAIRA = 1_000_000_000;
export const MAX_STOCK = 1_000_000;
/** A product's stock at or below this is "low": the store is told when an order takes it there (once per crossing). */
export const LOW_STOCK_THRESHOLD = 5;

export const PRODUCT_MESSAGES = {
  nameRequired: "Product name is required",
  nameMin: "Should be at least 3 characters",
  priceRequired: "Product price is required",
  priceMin: "Should not be less than 0",
  priceMax: "Ensure this value is less than or equal to 1000000000.",
  priceNumber: "A valid number is required.",
  /** The spec's form shows 'Product name is required' here (a copy slip); ours names the field. */
  descriptionRequired: "Product description is required",
  wordsMin: "Enter at least 50 words.",
  wordsMax: "Not more than 250 words.",
  sizeRequired: "Please select a shipment size.",
  typeInvalid: "Choose sale or rent.",
  categoryRequired: "Please select a category.",
  stockInvalid: "Stock must be a whole number from 0 to 1000000.",
  variantValue: "Value is required when a variant is selected",
  variantPrice: "Price is required when a variant is selected",
  variantRequired: "Please select a variant.",
  optionUpdateEmpty: "Enter the stock or the price.",
} as const;

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
  }))();
export type ProductFields = z.output<typeof ProductFieldsSchema>;

/** Maps what clients send (the spec's names and the form's) onto ProductFieldsSchema's keys. */
export function productInput(body: Record<string, unknown>): Record<string, unknown> {
  const pick = (...keys: string[]) => {
    for (const k of keys) if (body[k] !== undefined) return body[k];
    return undefined;
  };
  const out: Record<string, unknown> = {
    name: pick("name"),
    price_kobo: pick("price", "selling_price"),
    description: pick("description"),
    size: pick("size"),
    type: pick("type"),
    category_id: categoryIdOf(pick("category", "category_id", "sub_category", "subcategory")),
    stock_quantity: pick("stock_quantity", "stock", "quantity"),
    published: pick("published"),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** A category given as an id or as the API's category URL (…/products/categories/{id}/). */
export function categoryIdOf(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const m = /\/categories\/(\d+)\/?$/.exec(v.trim());
  return m ? m[1] : v;
}

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
    })
    .refine((v) => v.stock_quantity !== undefined || v.price !== undefined, { path: ["stock_quantity"], message: PRODUCT_MESSAGES.optionUpdateEmpty }))();

/** The spec's client-side duplicate: the same file picked twice (same name, size and type). */
export const sameFile = (a: { name: string; size: number; type: string }, b: { name: string; size: number; type: string }) =>
  a.name === b.name && a.size === b.size && a.type === b.type;

/** The browser's view of a picked photo (type and size); the server then judges its bytes. */
export function imageFileProblem(f: { size: number; type: string }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return IMAGE_MESSAGES.type;
  if (f.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  return null;
}

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
    })
    .superRefine(
      (raw, ctx) => {
        // Runs even when other fields failed (`when`), so every message shows at once: `raw` may be partial.
        const v = raw as Record<string, unknown>;
        if (v.category === undefined && v.sub_category === undefined)
          ctx.addIssue({ code: "custom", path: ["category"], message: PRODUCT_MESSAGES.categoryRequired });
        const list = Array.isArray(v.image) ? v.image : [];
        const files = list.slice(0, PRODUCT_IMAGE_SLOTS).map((f) => (isFile(f) && f.size > 0 ? f : null));
        if (mode === "add" && !files.some(Boolean)) ctx.addIssue({ code: "custom", path: ["image"], message: IMAGE_MESSAGES.required });
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
