/**
 * Cart quantity rules (spec sections 4, 5 and 9), shared by the API (cart item writes) and the
 * cart page (typed quantity, plus and minus buttons). Client-safe.
 */
/** Largest quantity of one product in one cart (trade quantities: 5,000 blocks; the stock is the real limit). */
export const MAX_LINE_QUANTITY = 100_000;
/** Quantity of a product added without one (spec section 9: "Item quantity on add 1"). */
export const DEFAULT_ADD_QUANTITY = 1;

export const QUANTITY_MESSAGE = "A valid integer is required.";

/**
 * A typed quantity as the cart takes it: not a number, or 1 or less, becomes 1 (spec section 5);
 * fractions are cut; never more than MAX_LINE_QUANTITY.
 */
export function normalizeQuantity(v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : Number.NaN;
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(n)));
}

/**
 * A typed quantity as the storefront sends it (issue 34): like normalizeQuantity, but a fraction
 * is kept to 2 places; the server cuts it for whole units and keeps it for divisible ones
 * (m², tonne…, app/domain/units.ts quantityForUnit).
 */
export function typedQuantity(v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.trim().replace(",", ".")) : Number.NaN;
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.round(n * 100) / 100));
}

/** The quantity after pressing minus: one step less (1 without a step), never below the minimum (1). */
export const decrementQuantity = (q: number, step = 1, min = 1) => Math.max(min, 1, Math.round((q - step) * 100) / 100);
/** The quantity after pressing plus: one step more (1 without a step), never above MAX_LINE_QUANTITY. */
export const incrementQuantity = (q: number, step = 1) => Math.min(MAX_LINE_QUANTITY, Math.round((q + step) * 100) / 100);

/** The most a customer may put in the cart of a product with `stock` units. */
export const lineLimit = (stock: number) => Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
/** The quantity message; `option` ("Colour: Red") names the option whose stock it is. */
export const stockMessage = (stock: number, option?: string | null) =>
  option ? `Only ${lineLimit(stock)} available for ${option}.` : `Only ${lineLimit(stock)} available.`;
/** An option with stock of its own that has none left. */
export const optionOutOfStockMessage = (option: string) => `${option} is out of stock.`;
/** A product whose options have stock is bought by option. */
export const CHOOSE_OPTION_MESSAGE = "Choose an option first.";


/** Below this many units a product page says "Only N left". */
export const FEW_LEFT_BELOW = 10;

/** What a product page says of a product's stock: out of stock, only N left (under FEW_LEFT_BELOW), or in stock. */
export function stockState(stock: number): { kind: "out" | "few" | "in"; text: string } {
  if (stock <= 0) return { kind: "out", text: "Out of stock" };
  if (stock < FEW_LEFT_BELOW) return { kind: "few", text: `Only ${stock} left` };
  return { kind: "in", text: "In stock" };
}

/** Categories whose goods are bought in bulk: by the bag, block or length (cement, blocks, rods). */
export const BULK_CATEGORY_SLUGS: ReadonlySet<string> = new Set(["cement-concrete", "iron-rods-steel"]);
const BULK_WORDS = /\b(cement|blocks?|bricks?|rods?|iron rods?|granite|sand|gravel|stones?)\b/i;

/**
 * A bulk item: building materials bought by the dozen or hundred (cement, blocks, rods), by its
 * category or its name. The product page gives these a wider typed quantity field with a hint.
 */
export function isBulkItem(p: { category_slug?: string | null; category_name?: string | null; name: string }): boolean {
  return BULK_CATEGORY_SLUGS.has(p.category_slug ?? "") || BULK_WORDS.test(p.category_name ?? "") || BULK_WORDS.test(p.name);
}
