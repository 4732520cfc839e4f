/**
 * The header badge's count with the adds still in flight added on (optimistic). For the header:
 * `const count = useCartCount(shell.cartCount)`. Kept apart from ./add-to-cart.tsx so the header
 * (on every page) does not bring the add-to-cart forms to pages without them.
 */
import { useFetchers } from "@remix-run/react";

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
