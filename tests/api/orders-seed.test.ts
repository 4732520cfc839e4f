/** The demo seed's orders (app/db/seed/demo-orders.ts), read through the API on both engines. */
import { describe, expect, it } from "vitest";
import { signAccess } from "~/api/tokens.server";
import { DEMO_SHOPPER } from "~/db/seed/catalog-data";
import { seedDemoOrders } from "~/db/seed/demo-orders";
import { engines, useApi } from "./harness";

describe.each(engines())("demo orders on %s", (engine) => {
  const api = useApi(engine);

  it("gives the demo shopper orders in every state (pay on delivery and card, one cancelled item), with dated histories", async () => {
    const u = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_SHOPPER.email]);
    const { token } = await signAccess(u.rows[0].id);
    const r = await api.call(`/orders/user/${u.rows[0].id}?page_size=50`, { token });
    expect(r.status).toBe(200);
    const orders = r.body.results as Array<{
      order_delivery_status: string;
      order_payment_method: string;
      order_payment_status: string;
      order_items: Array<{ status: string; cancel_reason: string | null }>;
      status_history: Array<{ kind: string; at: string }>;
      steps: Record<string, string | null>;
      shipping_cost: number;
      order_total_price: number;
      shipments: Array<{ shipping_cost: number; items_total: number; active_items: number; items: string[] }>;
    }>;
    expect(new Set(orders.map((o) => o.order_delivery_status))).toEqual(new Set(["Placed", "Confirmed", "Shipped", "Delivered"]));
    expect(new Set(orders.map((o) => o.order_payment_method))).toEqual(new Set(["PayOnDelivery", "CardPayment"]));
    expect(orders.some((o) => o.order_payment_method === "CardPayment" && o.order_payment_status === "Pending")).toBe(true);
    const cancelled = orders.flatMap((o) => o.order_items).filter((i) => i.status === "Cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].cancel_reason).toBe("Incorrect Product or Quantity Ordered");
    const delivered = orders.find((o) => o.order_delivery_status === "Delivered")!;
    const at = ["Placed", "Confirmed", "Shipped", "Delivered"].map((s) => Date.parse(delivered.steps[s]!));
    expect(at.every((t, i) => i === 0 || t > at[i - 1])).toBe(true);
    expect(at[3]).toBeLessThan(Date.now());
    // shipping by the shared rule, per store's shipment: free from ₦500,000 of its items, else
    // charged; a shipment with every item cancelled charges nothing (one with some cancelled
    // keeps the fee charged when it was placed: docs/orders.md)
    for (const o of orders)
      for (const sh of o.shipments) {
        if (sh.active_items === 0) expect(sh.shipping_cost).toBe(0);
        else if (sh.active_items === sh.items.length) expect(sh.shipping_cost > 0, JSON.stringify(sh)).toBe(sh.items_total < 500_000);
      }
    const refunds = await api.db.query<{ status: string }>(
      "SELECT r.status FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.user_id = $1",
      [u.rows[0].id],
    );
    expect(refunds.rows).toEqual([{ status: "processed" }]);
  });

  it("is idempotent: running it again adds nothing", async () => {
    const before = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders");
    expect(await api.db.tx((q) => seedDemoOrders(q))).toBe(0);
    const after = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
