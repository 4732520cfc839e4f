/**
 * The forms that put a product in the cart (the wishlist heart is in components/wishlist-heart.tsx). Without JavaScript they are plain
 * POSTs: the action answers 303 back to redirectTo with a flash message. With JavaScript they
 * submit through a fetcher (spinner on the button, the page and the header badge revalidate; the
 * hidden `_fetcher` field, rendered only once hydrated, tells the action to answer with data
 * instead of a redirect). The header badge's count is ./cart-count.ts.
 * Contract with the action (routes/cart.tsx):
 *   POST /cart            intent=add, productId, quantity?, redirectTo
 *   POST /cart            intent=buy, productId   -> /checkout/payment?buy={productId}
 */
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { FetcherFlag, type FetcherResult } from "~/components/ui/fetcher-flag";
import { Spinner } from "~/components/ui/spinner";

export const addToCartKey = (productId: number) => `add-to-cart-${productId}`;

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
