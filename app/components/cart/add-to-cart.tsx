/**
 * The forms that put a product in the cart (the wishlist heart is in components/wishlist-heart.tsx). Without JavaScript they are plain
 * POSTs: the action answers 303 back to redirectTo with a flash message. With JavaScript they
 * submit through a fetcher (spinner on the button, the page and the header badge revalidate; the
 * hidden `_fetcher` field, rendered only once hydrated, tells the action to answer with data
 * instead of a redirect). The header badge's count is ./cart-count.ts.
 * Contract with the action (routes/cart.tsx):
 *   POST /cart            intent=add, productId, quantity? (the product page's QuantityField), redirectTo
 *   POST /cart            intent=buy, productId, quantity?   -> /checkout/payment?buy={productId}&qty=
 * With a quantity field, Buy Now is a second submit button of the same form (name=intent), so the
 * typed quantity goes with either button, without JavaScript too.
 */
import { useTranslation } from "~/i18n/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { FetcherFlag, type FetcherResult } from "~/components/ui/fetcher-flag";
import { Spinner } from "~/components/ui/spinner";

export const addToCartKey = (productId: number) => `add-to-cart-${productId}`;

export function AddToCartForm({
  productId,
  label,
  className = "btn-primary w-full",
  quantity,
  buyNowClassName,
  disabled = false,
}: {
  productId: number;
  label?: string;
  className?: string;
  /** A typed quantity field beside the button (the product page), up to `max`. */
  quantity?: { max: number; bulk?: boolean };
  /** With a quantity: a Buy Now button in the same form (so it takes the typed quantity). */
  buyNowClassName?: string;
  disabled?: boolean;
}) {
  const location = useLocation();
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<FetcherResult>({ key: addToCartKey(productId) });
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const withBuy = !!(quantity && buyNowClassName);
  const button = (
    <button type="submit" name={withBuy ? "intent" : undefined} value={withBuy ? "add" : undefined} className={className} disabled={busy || disabled} aria-busy={busy}>
      {busy && pending !== "buy" ? <Spinner /> : null}
      {label ?? t("product.addToCart")}
    </button>
  );
  return (
    <fetcher.Form method="post" action="/cart">
      {withBuy ? null : <input type="hidden" name="intent" value="add" />}
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FetcherFlag />
      {quantity ? (
        <div className="flex items-end gap-2">
          <QuantityField id={`qty-${productId}`} max={quantity.max} bulk={quantity.bulk} disabled={disabled} />
          <div className="min-w-0 flex-1">{button}</div>
        </div>
      ) : (
        button
      )}
      {withBuy ? (
        <button type="submit" name="intent" value="buy" className={`${buyNowClassName} mt-2`} disabled={busy || disabled}>
          {pending === "buy" ? <Spinner /> : null}
          {t("product.buyNow")}
        </button>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The product page's quantity: a typed number (type=number, inputmode=numeric), 1 to `max` (the
 * stock, at most MAX_LINE_QUANTITY), posted as `quantity` with the form. Bulk items (cement,
 * blocks, rods: isBulkItem) get a wider field, since they are bought by the dozen or hundred.
 */
export function QuantityField({ id, max, bulk = false, disabled = false }: { id: string; max: number; bulk?: boolean; disabled?: boolean }) {
  const { t } = useTranslation("shop");
  return (
    <div className="shrink-0">
      <label htmlFor={id} className="block text-xs font-medium text-gray-700">
        {bulk ? t("product.quantityBulk") : t("product.quantity")}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        step={1}
        defaultValue={1}
        required
        disabled={disabled}
        className={`h-11 rounded-md border border-gray-300 px-2 text-center text-base ${bulk ? "w-24" : "w-16"}`}
        data-testid="product-quantity"
      />
    </div>
  );
}
