/**
 * The product page's headline price, part of the one money rule (app/domain/pricing.ts, which
 * re-exports it): kept apart so the page's browser bundle carries only this.
 */
export type ShownPrice = { kind: "one"; price: number } | { kind: "range"; min: number; max: number };

interface PricedOption {
  id: number;
  price: number;
  in_stock: boolean;
}

/**
 * The option chosen before the shopper picks one: the first in stock when every option costs the
 * same (nothing to choose on price), else none (the headline shows the range and the shopper picks).
 */
export function defaultOptionId(options: readonly PricedOption[]): number | null {
  const first = options.find((o) => o.in_stock);
  if (!first) return null;
  return options.every((o) => o.price === first.price) ? first.id : null;
}

/**
 * The headline price (naira): the chosen option's price (what the cart charges for it), else the
 * one price all options share, else the range of the options' prices; a product without options
 * shows its selling price.
 */
export function shownPrice(sellingPrice: number, options: readonly PricedOption[] | undefined, chosenId: number | null): ShownPrice {
  if (!options || options.length === 0) return { kind: "one", price: sellingPrice };
  const chosen = chosenId === null ? undefined : options.find((o) => o.id === chosenId);
  if (chosen) return { kind: "one", price: chosen.price };
  const prices = options.map((o) => o.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? { kind: "one", price: min } : { kind: "range", min, max };
}
