/**
 * The wishlist heart (product cards and pages, signed in): POST /users/wishlist intent=toggle,
 * productId, redirectTo; through a fetcher with JavaScript (optimistic), a plain POST without.
 */
import { useTranslation } from "~/i18n/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { FetcherFlag, type FetcherResult } from "~/components/ui/fetcher-flag";
import { HeartIcon } from "~/components/ui/icons";

export function WishlistHeart({ productId, inWishlist }: { productId: number; inWishlist: boolean }) {
  const { t } = useTranslation("shop");
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
        aria-label={shown ? t("wishlist.removeHeart") : t("wishlist.addHeart")}
        disabled={busy}
        className={`rounded-full p-2 ${shown ? "text-red-600" : "text-gray-600"} hover:bg-gray-100`}
      >
        <HeartIcon fill={shown ? "currentColor" : "none"} />
      </button>
    </fetcher.Form>
  );
}
