/**
 * The seller area's product pages (add, edit, detail, delete, add-variant): loading a product of
 * the store, the category tree for the form, and turning the form into the API's multipart body.
 * Rules and messages: app/domain/products.ts (the same the API applies).
 */
import { FORM_TIER_ROWS, PRODUCT_IMAGE_SLOTS, formTierRows, type ProductFormValue } from "~/domain/products";
import { koboToNaira } from "~/domain/money";
import type { Api } from "./api.server";
import type { ApiProduct } from "./api-types";
import { loadCategoryTree, type MenuCategory } from "./catalog.server";

/** Field names of the product form, for apiErrorsToReply (the API answers `image[i]` per slot). */
export const PRODUCT_FORM_FIELDS = [
  "type",
  "category",
  "sub_category",
  "name",
  "price",
  "size",
  "stock_quantity",
  "description",
  "image",
  ...Array.from({ length: PRODUCT_IMAGE_SLOTS }, (_, i) => `image[${i}]`),
  "unit",
  "pack_description",
  "pack_size",
  "pack_measure",
  "min_quantity",
  "quantity_step",
  "price_tiers",
  "certificate_number",
  "certificate_image",
  "bulk",
  ...Array.from({ length: FORM_TIER_ROWS }, (_, i) => [`price_tiers[${i}].min_quantity`, `price_tiers[${i}].price`]).flat(),
] as const;

/**
 * The API names a ladder rung's field `price_tiers.N.price` (N counts the rungs sent, blank rows
 * left out); the form's field is `price_tiers[i].price` of the row typed. `sentRows` maps N to i.
 */
export function productApiErrors(body: unknown, sentRows: number[]): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => {
      const m = /^price_tiers\.(\d+)\.(min_quantity|price)$/.exec(k);
      return [m ? `price_tiers[${sentRows[Number(m[1])] ?? 0}].${m[2]}` : k, v];
    }),
  );
}

/** A live product of this store, or a thrown 404 (another store's product is not found here). */
export async function storeProduct(api: Api, storeId: number, rawId: string | undefined): Promise<ApiProduct> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Response("Not Found", { status: 404 });
  const product = await api.must(api.get<ApiProduct>(`/products/${id}/`));
  if (product.store !== storeId) throw new Response("Not Found", { status: 404 });
  return product;
}

export type CategoryChoice = MenuCategory;

export function productCategories(api: Api): Promise<CategoryChoice[]> {
  return loadCategoryTree(api); // in the seller's language, as the shop names them (decision 0030)
}

/** The form's defaults for a product's category: its root in `category`, a child in `sub_category`. */
export function categoryDefaults(tree: CategoryChoice[], categoryId: number): { category: string; sub_category: string } {
  const root = tree.find((r) => r.id === categoryId);
  if (root) return { category: String(root.id), sub_category: "" };
  const parent = tree.find((r) => r.children.some((c) => c.id === categoryId));
  return parent ? { category: String(parent.id), sub_category: String(categoryId) } : { category: "", sub_category: "" };
}

/** The photos the vendor picked, by slot (empty inputs left out). */
export function pickedPhotos(form: FormData): Map<number, File> {
  const out = new Map<number, File>();
  for (let i = 0; i < PRODUCT_IMAGE_SLOTS; i++) {
    const f = form.get(`image[${i}]`);
    if (f && typeof f === "object" && f.size > 0) out.set(i, f);
  }
  return out;
}

/** The ladder rows sent to the API (filled in), in the form's order, with their row index. */
export function sentTiers(value: ProductFormValue) {
  return formTierRows(value.price_tiers);
}

/** The API's multipart body for POST/PATCH /products/: the fields (the most specific category) and the given photo slots. */
export function productApiForm(value: ProductFormValue, storeId: number, photos: Map<number, File>): FormData {
  const body = new FormData();
  body.set("store", String(storeId));
  body.set("name", value.name);
  body.set("price", String(koboToNaira(value.price)));
  body.set("description", value.description);
  body.set("size", value.size);
  body.set("type", value.type);
  body.set("category", String(value.sub_category ?? value.category));
  if (value.stock_quantity !== undefined) body.set("stock_quantity", String(value.stock_quantity));
  // Issue 34: the unit, pack, minimum, step and the ladder (a JSON text: [{min_quantity, price (naira)}]).
  body.set("unit", value.unit);
  body.set("pack_description", value.pack_description ?? "");
  body.set("pack_size", value.pack_size == null ? "" : String(value.pack_size));
  body.set("pack_measure", value.pack_measure ?? "");
  body.set("min_quantity", String(value.min_quantity));
  body.set("quantity_step", String(value.quantity_step));
  body.set("price_tiers", JSON.stringify(sentTiers(value).map((r) => ({ min_quantity: r.min_quantity, price: koboToNaira(r.price ?? 0) }))));
  for (const [slot, file] of photos) body.set(`image[${slot}]`, file, file.name || `photo-${slot + 1}`);
  // Issue 36 item 2: the SON certificate's number ("" clears it) and its photo when one was picked.
  body.set("certificate_number", value.certificate_number ?? "");
  // Issue 35 item 5: bulk goods (never paid at the door); sent either way, so unticking clears it.
  body.set("bulk", value.bulk ? "true" : "false");
  const cert = value.certificate_image;
  if (cert && typeof cert === "object" && "size" in cert && (cert as File).size > 0) body.set("certificate_image", cert as File, (cert as File).name || "certificate");
  return body;
}

/** The edit form's defaults for the trade fields (issue 34), from the product's answer. */
export function tradeDefaults(p: ApiProduct) {
  return {
    unit: p.unit,
    pack_description: p.pack_description ?? "",
    pack_size: p.pack_size === null ? "" : String(p.pack_size),
    pack_measure: p.pack_measure ?? "",
    min_quantity: String(p.min_quantity),
    quantity_step: String(p.quantity_step),
    price_tiers: p.price_tiers.map((t) => ({ min_quantity: String(t.min_quantity), price: String(t.price) })),
    bulk: p.bulk ? "on" : "",
  };
}
