/** Wishlist: request and response schemas and inferred answer types. No server imports. */
import * as z from "zod";
import { intIdField } from "../core/fields";

/** POST /carts/carts/wishlist/: {user_id (optional, the caller), product_id}. */
export const AddWishlistBody = z.object({
  user_id: intIdField.optional(),
  product_id: intIdField,
});

export const WishlistEntrySchema = z.object({
  id: z.number(),
  product_id: z.number(),
  user_id: z.number(),
  created_at: z.string(),
  product: z.object({
    id: z.number(),
    name: z.string(),
    selling_price: z.number(),
    price: z.number(),
    type: z.enum(["sale", "rent"]),
    category_id: z.number(),
    image: z.string(),
    available: z.boolean(),
  }),
});

export const WishlistPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(WishlistEntrySchema),
});

export type ApiWishlistEntry = z.infer<typeof WishlistEntrySchema>;
export type ApiWishlistPage = z.infer<typeof WishlistPageSchema>;
