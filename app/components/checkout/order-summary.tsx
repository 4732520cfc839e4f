/** The checkout's order summary: the items, subtotal, shipping for the chosen state, total. */
import type { ReactNode } from "react";
import { formatNaira } from "~/domain/money";

export interface SummaryLine {
  productId: number;
  name: string;
  price: number;
  quantity: number;
  image: string | null;
}

export function CheckoutSummary({
  lines,
  subtotal,
  shipping,
  state,
  children,
}: {
  lines: SummaryLine[];
  subtotal: number;
  /** Null: not quoted yet (no address/state chosen). */
  shipping: number | null;
  state: string | null;
  children?: ReactNode;
}) {
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-lg border border-gray-200 bg-white p-4 lg:sticky lg:top-20">
      <h2 id="summary-heading" className="text-lg font-bold">
        Order Summary
      </h2>
      <ul className="mt-3 divide-y divide-gray-100" aria-label="Items in this order">
        {lines.map((l) => (
          <li key={l.productId} className="flex items-center gap-3 py-2" data-testid="checkout-line">
            {l.image ? <img src={`${l.image}?w=160`} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-cover" /> : null}
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-medium">{l.name}</p>
              <p className="text-gray-600">
                {l.quantity} × {formatNaira(l.price)}
              </p>
            </div>
            <p className="text-sm font-semibold">{formatNaira(l.price * l.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 border-t border-gray-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatNaira(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>Shipping{state ? ` to ${state}` : ""}</dt>
          <dd data-testid="checkout-shipping" className="text-right">
            {shipping === null ? <span className="text-gray-600">Choose a delivery state</span> : shipping === 0 ? "Free" : formatNaira(shipping)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatNaira(subtotal + (shipping ?? 0))}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
