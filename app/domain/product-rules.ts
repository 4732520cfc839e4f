/**
 * Product rules without zod (images, sizes, limits, messages, how clients' fields map onto the
 * schema's), so the browser may import them (docs/architecture.md, Forms); ./products.ts adds
 * the schemas and re-exports these.
 */

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
    bulk: pick("bulk"),
    unit: pick("unit"),
    pack_description: pick("pack_description"),
    pack_size: pick("pack_size"),
    pack_measure: pick("pack_measure"),
    min_quantity: pick("min_quantity"),
    quantity_step: pick("quantity_step"),
    price_tiers: pick("price_tiers") ?? indexedTiers(body),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * A ladder sent as indexed form fields (`price_tiers[0].min_quantity`, `price_tiers[0][price]`…),
 * as the seller's form posts it; rows left blank are dropped. Undefined when there are none.
 */
export function indexedTiers(body: Record<string, unknown>): Array<{ min_quantity: unknown; price: unknown }> | undefined {
  const rows = new Map<number, { min_quantity: unknown; price: unknown }>();
  let seen = false;
  for (const [k, v] of Object.entries(body)) {
    const m = /^price_tiers\[(\d+)\](?:\.|\[)(min_quantity|price)\]?$/.exec(k);
    if (!m) continue;
    seen = true;
    const i = Number(m[1]);
    const row = rows.get(i) ?? { min_quantity: "", price: "" };
    row[m[2] as "min_quantity" | "price"] = typeof v === "string" ? v.trim() : v;
    rows.set(i, row);
  }
  if (!seen) return undefined;
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, r]) => r)
    .filter((r) => r.min_quantity !== "" || r.price !== "");
}

/** A category given as an id or as the API's category URL (…/products/categories/{id}/). */
export function categoryIdOf(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const m = /\/categories\/(\d+)\/?$/.exec(v.trim());
  return m ? m[1] : v;
}

/** The spec's client-side duplicate: the same file picked twice (same name, size and type). */
export const sameFile = (a: { name: string; size: number; type: string }, b: { name: string; size: number; type: string }) =>
  a.name === b.name && a.size === b.size && a.type === b.type;

/** The browser's view of a picked photo (type and size); the server then judges its bytes. */
export function imageFileProblem(f: { size: number; type: string }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return IMAGE_MESSAGES.type;
  if (f.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  return null;
}
