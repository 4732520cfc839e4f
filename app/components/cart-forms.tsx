/**
 * The forms that put a product in the cart or the wishlist. Without JavaScript they are plain
 * POSTs: the action answers 303 back to redirectTo with a flash message. With JavaScript they
 * submit through a fetcher (spinner on the button, the page and the header badge revalidate; the
 * hidden `_fetcher` field, rendered only once hydrated, tells the action to answer with data
 * instead of a redirect).
 * Contract with the actions (routes/cart.tsx and routes/users.wishlist.tsx):
 *   POST /cart            intent=add, productId, quantity?, redirectTo
 *   POST /cart            intent=buy, productId   -> /checkout/payment?buy={productId}
 *   POST /users/wishlist  intent=toggle, productId, redirectTo
 */
import { Form, useFetcher, useFetchers, useLocation } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { HeartIcon } from "./icons";

const noopSubscribe = () => () => {};

/** False on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

/** Marks a submission as coming from a fetcher (only rendered once JavaScript runs). */
export function FetcherFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null;
}

/**
 * A primary button with AA contrast (white on brand-700: 5.2:1). The shared btn-primary (white on
 * brand-600) is 3.55:1, below WCAG AA for 14px text.
 */
export const primaryButton = "btn bg-brand-700 text-white hover:bg-orange-800";

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true" data-testid="spinner">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Result an action sends back to a fetcher. */
export interface FetcherResult {
  ok: boolean;
  message?: string;
}

export const addToCartKey = (productId: number) => `add-to-cart-${productId}`;

/**
 * The header badge's count with the adds still in flight added on (optimistic). For the header:
 * `const count = useCartCount(shell.cartCount)`.
 */
export function useCartCount(serverCount: number): number {
  const fetchers = useFetchers();
  let pending = 0;
  for (const f of fetchers) {
    if (f.state !== "submitting" || !f.formData || f.formData.get("intent") !== "add") continue;
    if (!f.formAction?.startsWith("/cart")) continue;
    const q = Number(f.formData.get("quantity") ?? 1);
    pending += Number.isInteger(q) && q > 0 ? q : 1;
  }
  return serverCount + pending;
}

export function AddToCartForm({ productId, label = "Add to Cart", className = "btn-primary w-full" }: { productId: number; label?: string; className?: string }) {
  const location = useLocation();
  const fetcher = useFetcher<FetcherResult>({ key: addToCartKey(productId) });
  const busy = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FetcherFlag />
      <button type="submit" className={className} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner /> : null}
        {label}
      </button>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
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
  const fetcher = useFetcher<FetcherResult>({ key: `wishlist-${productId}` });
  const busy = fetcher.state !== "idle";
  // Optimistic: while the toggle is on its way, show the state it will lead to.
  const shown = busy ? !inWishlist : inWishlist;
  return (
    <fetcher.Form method="post" action="/users/wishlist">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FetcherFlag />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={shown ? "Remove from wishlist" : "Add to wishlist"}
        disabled={busy}
        className={`rounded-full p-2 ${shown ? "text-red-600" : "text-gray-600"} hover:bg-gray-100`}
      >
        <HeartIcon fill={shown ? "currentColor" : "none"} />
      </button>
    </fetcher.Form>
  );
}
