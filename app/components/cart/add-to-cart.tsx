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
  quantity?: QuantityProps;
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
          <QuantityField id={`qty-${productId}`} {...quantity} error={failed ?? quantity.error} disabled={disabled} />
          <div className="min-w-0 flex-1">{button}</div>
        </div>
      ) : (
        button
      )}
      {quantity ? <QuantityError id={`qty-${productId}`} error={failed ?? quantity.error} /> : null}
      {withBuy ? (
        <button type="submit" name="intent" value="buy" className={`${buyNowClassName} mt-2`} disabled={busy || disabled}>
          {pending === "buy" ? <Spinner /> : null}
          {t("product.buyNow")}
        </button>
      ) : null}
      {failed && !quantity ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The product page's quantity field: its most, wider for bulk, the first value, decimals, a message. */
export interface QuantityProps {
  max: number;
  bulk?: boolean;
  /** The value shown first: what the shopper typed (a refused add, ?qty=), else the minimum order. */
  initial?: number;
  /** A divisible unit (m², tonne…): two decimals may be typed. */
  decimals?: boolean;
  /** Why the quantity was refused (shown under the field). */
  error?: string | null;
}

/**
 * The product page's quantity: a typed number (type=number, inputmode=numeric), 1 to `max` (the
 * stock, at most MAX_LINE_QUANTITY), posted as `quantity` with the form. Bulk items (cement,
 * blocks, rods: isBulkItem) get a wider field, since they are bought by the dozen or hundred.
 */
export function QuantityField({ id, max, bulk = false, disabled = false, initial = 1, decimals = false, error = null }: QuantityProps & { id: string; disabled?: boolean }) {
  const { t } = useTranslation("shop");
  const errorId = `${id}-error`;
  return (
    <div className="shrink-0">
      <label htmlFor={id} className="block text-xs font-medium text-gray-700">
        {bulk ? t("product.quantityBulk") : t("product.quantity")}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode={decimals ? "decimal" : "numeric"}
        min={decimals ? 0.01 : 1}
        max={Math.max(1, max)}
        step={decimals ? 0.01 : 1}
        defaultValue={initial}
        key={`${initial}`}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`h-11 rounded-md border px-2 text-center text-base ${error ? "border-red-600" : "border-gray-300"} ${bulk ? "w-24" : "w-16"}`}
        data-testid="product-quantity"
      />
    </div>
  );
}

/** A refused quantity's message, under the quantity and buttons row (the field points to it). */
export function QuantityError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="field-error mt-1" data-testid="quantity-error">
      {error}
    </p>
  ) : null;
}
