/**
 * Product images and media URLs in one place: the first-image SQL (cart lines, wishlist entries,
 * order items) and the public URL of a stored file.
 */
import { mediaUrl } from "~/integrations/storage.server";

/** Shown for a product without photos. */
export const PLACEHOLDER_IMAGE_KEY = "static/no-image.svg";

/**
 * SQL for the storage key of the first image (slot order) of the product whose id is the SQL
 * expression `productIdExpr`, e.g. `${firstImageKeySql("p.id")} AS image_key`.
 */
export const firstImageKeySql = (productIdExpr: string) =>
  `(SELECT pi.image_key FROM product_images pi WHERE pi.product_id = ${productIdExpr} ORDER BY pi.position, pi.id LIMIT 1)`;

/** Public URL of a stored file; a missing key is the placeholder image. */
export const imageUrl = (origin: string, key: string | null | undefined) => mediaUrl(origin, key ?? PLACEHOLDER_IMAGE_KEY);

/** Public URL of a stored file, or null when there is none. */
export const optionalImageUrl = (origin: string, key: string | null | undefined) => (key ? mediaUrl(origin, key) : null);
