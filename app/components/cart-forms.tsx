/**
 * The forms that put a product in the cart or the wishlist. Plain POSTs (work without
 * JavaScript: the action answers 303 back to redirectTo with a flash message).
 * Contract with the actions (routes/cart.tsx and routes/users.wishlist.tsx):
 *   POST /cart            intent=add, productId, quantity?, redirectTo
 *   POST /cart            intent=buy, productId   -> /checkout/payment?buy={productId}
 *   POST /users/wishlist  intent=toggle, productId, redirectTo
 */
import { Form, useLocation } from "@remix-run/react";
import { HeartIcon } from "./icons";

export function AddToCartForm({ productId, label = "Add to Cart", className = "btn-primary w-full" }: { productId: number; label?: string; className?: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

export function BuyNowForm({ productId, className = "btn-outline w-full" }: { productId: number; className?: string }) {
  return (
    <Form method="post" action="/cart">
      <input type="hidden" name="intent" value="buy" />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" className={className}>
        Buy Now
      </button>
    </Form>
  );
}

export function WishlistHeart({ productId, inWishlist }: { productId: number; inWishlist: boolean }) {
  const location = useLocation();
  return (
    <Form method="post" action="/users/wishlist">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={inWishlist}
        aria-label={inWishlist ? "Remove from wishlist" : "Add to wishlist"}
        className={`rounded-full p-2 ${inWishlist ? "text-red-600" : "text-gray-500"} hover:bg-gray-100`}
      >
        <HeartIcon fill={inWishlist ? "currentColor" : "none"} />
      </button>
    </Form>
  );
}
