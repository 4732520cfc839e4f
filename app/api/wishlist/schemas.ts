/** Wishlist: request and response schemas and inferred answer types. No server imports. */
import * as z from "zod";

const idLike = z.union([z.number(), z.string().trim().max(20).regex(/^\d+$/, "A valid integer is required.")]).transform(Number);
const intId = z.number().int().positive("A valid integer is required.").max(2_147_483_647, "A valid integer is required.");

/** POST /carts/carts/wishlist/: {user_id (optional, the caller), product_id}. */
export const AddWishlistBody = z.object({
  user_id: idLike.pipe(intId).optional(),
  product_id: idLike.pipe(intId),
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
