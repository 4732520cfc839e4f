/** How checkout and order pages show values (client-safe). */

/** How an order was paid, in words. */
export const methodLabel = (m: string) => (m === "PayOnDelivery" ? "Pay on delivery" : "Card (Paystack)");

/** A Nigerian number in local form (docs/domain.md decision 10): +2348031234567 → 0803 123 4567; others as they are. */
export function localPhone(v: string | null | undefined): string {
  if (!v) return "";
  const digits = v.replace(/[\s-]/g, "");
  const m = /^(?:\+?234|0)(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : v;
}

/** The link to this checkout page with some view toggles (keeps buy-now and its option). */
export function checkoutHref(buy: number | null, extra: Record<string, string> = {}, option: number | null = null, qty = 1): string {
  const q = new URLSearchParams();
  if (buy) q.set("buy", String(buy));
  if (buy && option) q.set("option", String(option));
  if (buy && qty > 1) q.set("qty", String(qty));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return `/checkout/payment${s ? `?${s}` : ""}`;
}
