/** Wishlist: rows to the API's JSON. */
import { koboToNaira } from "~/domain/money";
import { imageUrl } from "../core/media";
import type { ApiWishlistEntry } from "./schemas";

export interface WishlistRow {
  id: number;
  user_id: number;
  product_id: number;
  name: string;
  selling_price_kobo: number;
  price_kobo: number;
  published: boolean;
  stock_quantity: number;
  type: "sale" | "rent";
  category_id: number;
  image_key: string | null;
  created_at: Date | string;
}

export function serializeEntry(e: WishlistRow, origin: string): ApiWishlistEntry {
  return {
    id: e.id,
    product_id: e.product_id,
    user_id: e.user_id,
    created_at: new Date(e.created_at).toISOString(),
    product: {
      id: e.product_id,
      name: e.name,
      selling_price: koboToNaira(e.selling_price_kobo),
      price: koboToNaira(e.price_kobo),
      type: e.type,
      category_id: e.category_id,
      image: imageUrl(origin, e.image_key),
      available: e.published && e.stock_quantity > 0,
    },
  };
}
