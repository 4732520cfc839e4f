/**
 * A product card's data (the card itself: components/product-card.tsx, which re-exports these).
 * Loaders take `toCard` and `imageUrl` through catalog.server.ts, so a page whose code shows no
 * card does not load the card's module.
 */
import type { ApiProduct } from "./api-types";

/** What a card needs of a product (a subset of the API's product answer). */
export type CardProduct = Pick<ApiProduct, "id" | "name" | "type" | "selling_price" | "price"> & {
  images: Record<string, unknown>[];
  category_name?: string;
  category_slug?: string;
  /** The seller's state: "from Kano" under the price. */
  store_state?: string | null;
  /** The trade unit the price is for (issue 34): "per bag" beside it; a piece says nothing. */
  unit?: string;
};

/** Only what a card shows, so pages do not ship whole products (descriptions) in their data. */
export function toCard(p: CardProduct): CardProduct {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    selling_price: p.selling_price,
    price: p.price,
    images: p.images.slice(0, 1).map((img) => ({ image: imageUrl(img) })),
    category_name: p.category_name,
    category_slug: p.category_slug,
    store_state: p.store_state ?? null,
    ...(p.unit && p.unit !== "piece" ? { unit: p.unit } : {}),
  };
}

/** The first value of an image object is its URL (spec section 3). */
export function imageUrl(img: Record<string, unknown> | undefined): string {
  const v = img ? Object.values(img)[0] : undefined;
  return typeof v === "string" ? v : "";
}
