/**
 * Product rules (spec sections 3, 5 and 9), shared by the API (POST/PUT/PATCH /products/) and the
 * vendor's add/edit product forms. Client-safe: no server imports. Whether an upload really is a
 * JPEG, PNG or WebP is decided on the server from its bytes (app/api/core/uploads.server.ts); the
 * form checks the browser's type and size first with the same messages.
 */
import * as z from "zod";
import { TEXT_MAX, text } from "./text";
import { requiredText, wordCount } from "./validation";
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
