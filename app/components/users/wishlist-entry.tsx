/**
 * One wishlist entry: image, name, selling price, Move to Cart, Share, Remove (spec section 2).
 * Share uses the browser's native share sheet with JavaScript; without it (or without native
 * support) it opens a copyable link.
 */
import { useTranslation } from "~/i18n/react";
import { Link, useFetcher } from "@remix-run/react";
import type { MouseEvent } from "react";
import { primaryButton } from "~/components/ui/button";
import { FetcherFlag, type FetcherResult } from "~/components/ui/fetcher-flag";
import { Spinner } from "~/components/ui/spinner";
import { formatNaira } from "~/domain/money";
import type { WishlistEntry as Entry } from "~/storefront/wishlist.server";

export function WishlistEntry({ entry, origin }: { entry: Entry; origin: string }) {
  const fetcher = useFetcher<FetcherResult>({ key: `wishlist-entry-${entry.id}` });
  const { t } = useTranslation("shop");
  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? fetcher.formData?.get("intent") : null;
  const url = `${origin}/products/${entry.product_id}`;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;

  const share = (e: MouseEvent<HTMLElement>) => {
    if (typeof navigator.share === "function") {
      e.preventDefault();
      navigator.share({ title: entry.product.name, text: t("wishlist.shareText", { name: entry.product.name }), url }).catch(() => {});
    } else {
      console.log("Your browser doesn't support native share");
    }
  };

  return (
    <li className={`flex gap-3 rounded-lg border border-gray-200 bg-white p-3 ${pendingIntent ? "opacity-60" : ""}`} data-testid="wishlist-entry">
      <Link to={`/products/${entry.product_id}`} className="shrink-0">
        <img src={`${entry.product.image}?w=160`} alt={entry.product.name} width={96} height={96} className="h-20 w-20 rounded object-cover sm:h-24 sm:w-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={`/products/${entry.product_id}`} className="line-clamp-2 text-sm font-medium hover:underline sm:text-base">
          {entry.product.name}
        </Link>
        <p className="text-base font-bold">{formatNaira(entry.product.selling_price)}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <fetcher.Form method="post" action="/users/wishlist" preventScrollReset>
            <input type="hidden" name="entryId" value={entry.id} />
            <input type="hidden" name="productId" value={entry.product_id} />
            <FetcherFlag />
            <button
              type="submit"
              name="intent"
              value="move"
              className={`${primaryButton} px-3 py-1.5`}
              disabled={busy || !entry.product.available}
              aria-label={t("wishlist.moveLabel", { name: entry.product.name })}
            >
              {pendingIntent === "move" ? <Spinner /> : null}
              {t("wishlist.move")}
            </button>
          </fetcher.Form>
          <details className="relative">
            <summary className="btn-outline list-none px-3 py-1.5" onClick={share}>
              {t("share.heading")}
            </summary>
            <div className="absolute left-0 z-10 mt-1 w-72 max-w-[80vw] rounded-md border border-gray-200 bg-white p-2 shadow-lg">
              <label className="field-label text-xs" htmlFor={`share-${entry.id}`}>
                {t("wishlist.copyLink")}
              </label>
              <input id={`share-${entry.id}`} readOnly value={url} className="field-input text-sm" onFocus={(e) => e.currentTarget.select()} />
            </div>
          </details>
          <fetcher.Form method="post" action="/users/wishlist" preventScrollReset>
            <input type="hidden" name="entryId" value={entry.id} />
            <FetcherFlag />
            <button
              type="submit"
              name="intent"
              value="remove"
              className="btn-outline px-3 py-1.5 text-red-700"
              disabled={busy}
              aria-label={t("wishlist.removeLabel", { name: entry.product.name })}
            >
              {pendingIntent === "remove" ? <Spinner /> : null}
              {t("wishlist.remove")}
            </button>
          </fetcher.Form>
        </div>
        {!entry.product.available ? <p className="text-sm text-gray-600">{t("cart.unavailable")}</p> : null}
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {failed}
          </p>
        ) : null}
      </div>
    </li>
  );
}
