/**
 * The product page's Buy Now / Add to Cart ("a product's variants and options are shown
 * to shoppers on the product page and priced in the cart and the order"). A product without
 * options keeps the two plain forms of components/cart/add-to-cart.tsx. A product with options
 * gets ONE form: the options as radio buttons grouped by variant (each with its price: an option's
 * price is the unit price of the product with it; `chosen` is checked: the page's ?option=, or the
 * first in stock when all cost the same, else none and the headline shows the range), and two submit
 * buttons, intent=buy and intent=add, so the choice travels with either without JavaScript.
 * With JavaScript it submits through the same fetcher as AddToCartForm (spinner, header badge).
 * Each option says its stock: "Only N left" (N ≤ LOW_OPTION_STOCK) or "Out of stock" (its radio
 * disabled; the first option in stock is checked). Buy Now goes straight to checkout with the
 * option (/checkout/payment?buy=ID&option=ID).
 * Both forms carry a typed quantity (QuantityField): Add to Cart adds that many; Buy Now checks out
 * that many (/checkout/payment?buy=ID&qty=N).
 * Contract with the action (routes/_shop+/cart.tsx): POST /cart intent=add|buy, productId, option_id, quantity, redirectTo.
 */
import { useTranslation } from "~/i18n/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { addToCartKey, AddToCartForm, QuantityError, QuantityField, type QuantityProps } from "~/components/cart/add-to-cart";
import { lineLimit } from "~/domain/cart";
import { FetcherFlag, type FetcherResult } from "~/components/ui/fetcher-flag";
import { Spinner } from "~/components/ui/spinner";
import { formatNaira } from "~/domain/money";
import type { ApiProductOption } from "~/storefront/api-types";

/** At or below this an option shows "Only N left". */
export const LOW_OPTION_STOCK = 5;

/** What an option says of its stock: "Out of stock", "Only N left", or nothing. */
export function optionStockNote(o: Pick<ApiProductOption, "stock_quantity" | "in_stock">, t: (key: string, vars?: Record<string, unknown>) => string): string | null {
  if (!o.in_stock) return t("product.stock_out");
  return o.stock_quantity <= LOW_OPTION_STOCK ? t("product.stockFew", { count: o.stock_quantity }) : null;
}

const BUY_CLASS = "btn h-11 w-full border border-brand-700 bg-white text-brand-700 hover:bg-brand-50";

/** Options grouped by variant, in the API's order. */
export function groupOptions(options: readonly ApiProductOption[]): Array<{ variant: string; options: ApiProductOption[] }> {
  const groups: Array<{ variant: string; options: ApiProductOption[] }> = [];
  for (const o of options) {
    const g = groups.find((x) => x.variant === o.variant_name);
    if (g) g.options.push(o);
    else groups.push({ variant: o.variant_name, options: [o] });
  }
  return groups;
}

export function PurchaseForms({
  productId,
  options,
  addClassName,
  stock,
  bulk = false,
  chosen = null,
  onChoose,
  quantity = {},
}: {
  productId: number;
  options: readonly ApiProductOption[] | undefined;
  addClassName: string;
  /** The option checked when the page renders (null: none). */
  chosen?: number | null;
  /** Told of each choice (the headline price follows it with JavaScript). */
  onChoose?: (optionId: number) => void;
  /** The product's stock: the quantity field's most, and none disables buying. */
  stock: number;
  /** Bulk item (domain/cart isBulkItem): a wider typed quantity. */
  bulk?: boolean;
  /** The quantity field's first value, decimals and message (issue 34: minimum, divisible units, a refusal). */
  quantity?: Omit<QuantityProps, "max" | "bulk">;
}) {
  const location = useLocation();
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<FetcherResult>({ key: addToCartKey(productId) });
  if (!options || options.length === 0)
    return (
      <div className="mt-3 space-y-2">
        <AddToCartForm productId={productId} className={addClassName} quantity={{ ...quantity, max: lineLimit(stock), bulk }} buyNowClassName={BUY_CLASS} disabled={stock <= 0} />
      </div>
    );
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const none = !options.some((o) => o.in_stock);
  return (
    <fetcher.Form method="post" action="/cart" className="mt-4" data-testid="option-form">
      <input type="hidden" name="productId" value={productId} />
      {/* Says the form has options: a submit with none chosen is refused ("Choose an option first"). */}
      <input type="hidden" name="options" value="1" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FetcherFlag />
      <fieldset className="rounded-lg border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("product.chooseOption")}</legend>
        {groupOptions(options).map((g) => (
          <div key={g.variant} role="group" aria-label={g.variant} className="mt-1">
            <p className="text-sm font-medium text-gray-700">{g.variant}</p>
            <div className="mt-1 flex flex-wrap gap-2">
              {g.options.map((o) => {
                const note = optionStockNote(o, t);
                return (
                  <label
                    key={o.id}
                    className={`flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 ${o.in_stock ? "cursor-pointer" : "cursor-not-allowed text-gray-500"}`}
                  >
                    <input
                      type="radio"
                      name="option_id"
                      value={o.id}
                      defaultChecked={o.id === chosen}
                      disabled={!o.in_stock}
                      onChange={() => onChoose?.(o.id)}
                      className="accent-brand-700"
                    />
                    <span>
                      {o.value} <span className="text-gray-700">— {formatNaira(o.price)}</span>
                      {note ? <span className={`block text-xs font-semibold ${o.in_stock ? "text-amber-800" : "text-red-700"}`}>{note}</span> : null}
                    </span>
                  </label>
                );
              })}
            </div>
          </div>
        ))}
      </fieldset>
      <div className="mt-3 flex items-end gap-2">
        <QuantityField id={`qty-${productId}`} {...quantity} error={failed ?? quantity.error} max={Math.max(0, ...options.map((o) => lineLimit(o.stock_quantity)))} bulk={bulk} disabled={none} />
        <div className="min-w-0 flex-1">
          <button type="submit" name="intent" value="add" className={addClassName} disabled={busy || none} aria-busy={pending === "add"}>
            {pending === "add" ? <Spinner /> : null}
            {t("product.addToCart")}
          </button>
        </div>
      </div>
      <QuantityError id={`qty-${productId}`} error={failed ?? quantity.error} />
      <button type="submit" name="intent" value="buy" className={`${BUY_CLASS} mt-2`} disabled={busy || none}>
        {pending === "buy" ? <Spinner /> : null}
        {t("product.buyNow")}
      </button>
    </fetcher.Form>
  );
}
