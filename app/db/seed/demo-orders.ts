/**
 * Demo orders: the demo shopper (README: shopper@demo.buildmart.ng) and two demo buyers get
 * orders in every state, so the order pages, tracking and cancel can be tried at once:
 * Placed (pay on delivery), Placed awaiting a card payment, Confirmed and card-paid with one
 * cancelled item (its refund processed), Shipped (card), Delivered (pay on delivery, collected);
 * the buyers: Delivered by card (the stores' balance to pay out), Shipped (pay on delivery).
 * Made with the shared factory `createOrder` (status history with dates included); the
 * addresses are snapshots on the orders (the address book is left alone); stock is not touched.
 *
 * Idempotent per order: each demo order is recorded under an idempotency key of scope "seed"
 * (order_idempotency_keys), and an order whose key exists is not made again.
 */
import { bookDeliveredShipments } from "~/api/payouts/commands.server";
import type { Queryable } from "~/db/client.server";
import type { ShipmentSize } from "~/domain/shipping";
import { priceLines } from "~/domain/pricing";
import { DEMO_BUYERS, DEMO_DOMAIN, DEMO_SHOPPER } from "./catalog-data";
import { addressRow, createOrder } from "./factories";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Delivery = "Placed" | "Confirmed" | "Shipped" | "Delivered";
interface DemoOrder {
  key: string;
  email: string;
  state: string;
  city: string;
  street: string;
  lga?: string;
  landmark?: string;
  delivery: Delivery;
  method: "CardPayment" | "PayOnDelivery";
  paid: boolean;
  ageMs: number;
  /** Offsets into the list of demo products, with quantities; `cancel` marks a cancelled item. */
  lines: Array<{ pick: number; quantity: number; cancel?: string }>;
}

function plan(): DemoOrder[] {
  const shopper = DEMO_SHOPPER.email;
  const [b1, b2] = DEMO_BUYERS.slice(0, 2).map(([f, l]) => `${f}.${l}@${DEMO_DOMAIN}`.toLowerCase());
  const lagos = { state: "Lagos", city: "Ikeja", street: "12 Allen Avenue, Ikeja", lga: "Ikeja", landmark: "Near Allen Roundabout" };
  return [
    { key: "shopper-delivered", email: shopper, ...lagos, delivery: "Delivered", method: "PayOnDelivery", paid: true, ageMs: 41 * DAY, lines: [{ pick: 0, quantity: 2 }, { pick: 7, quantity: 1 }] },
    { key: "shopper-shipped", email: shopper, ...lagos, delivery: "Shipped", method: "CardPayment", paid: true, ageMs: 5 * DAY, lines: [{ pick: 3, quantity: 1 }] },
    {
      key: "shopper-confirmed-cancelled-item",
      email: shopper,
      state: "Federal Capital Territory",
      city: "Abuja",
      street: "5 Aminu Kano Crescent, Wuse II",
      lga: "Abuja Municipal Area Council",
      landmark: "Opposite Banex Plaza",
      delivery: "Confirmed",
      method: "CardPayment",
      paid: true,
      ageMs: 2 * DAY,
      lines: [
        { pick: 11, quantity: 3 },
        { pick: 15, quantity: 1, cancel: "Incorrect Product or Quantity Ordered" },
      ],
    },
    { key: "shopper-placed-pod", email: shopper, ...lagos, delivery: "Placed", method: "PayOnDelivery", paid: false, ageMs: 3 * HOUR, lines: [{ pick: 19, quantity: 4 }] },
    { key: "shopper-placed-card-unpaid", email: shopper, ...lagos, delivery: "Placed", method: "CardPayment", paid: false, ageMs: 1 * HOUR, lines: [{ pick: 23, quantity: 1 }] },
    { key: "buyer1-delivered", email: b1, state: "Oyo", city: "Ibadan", street: "22 Ring Road, Ibadan", lga: "Ibadan South-West", delivery: "Delivered", method: "CardPayment", paid: true, ageMs: 30 * DAY, lines: [{ pick: 2, quantity: 1 }] },
    // Paid by card for the same stores as the shopper's pay-on-delivery order: their card money,
    // out of the return window, is a balance to pay out (cash on delivery is money a store holds).
    { key: "buyer2-delivered-card", email: b2, ...lagos, city: "Lekki", street: "4 Admiralty Way, Lekki", lga: "Eti-Osa", landmark: "Lekki Phase 1 gate", delivery: "Delivered", method: "CardPayment", paid: true, ageMs: 20 * DAY, lines: [{ pick: 0, quantity: 3 }, { pick: 7, quantity: 2 }] },
    { key: "buyer2-shipped", email: b2, state: "Rivers", city: "Port Harcourt", street: "9 Aba Road, Port Harcourt", lga: "Obio/Akpor", landmark: "Rumuola junction", delivery: "Shipped", method: "PayOnDelivery", paid: false, ageMs: 3 * DAY, lines: [{ pick: 5, quantity: 2 }] },
  ];
}

/** Makes the demo orders that are missing. Run inside a transaction. Returns how many were made. */
export async function seedDemoOrders(q: Queryable, log: (s: string) => void = () => {}): Promise<number> {
  await q.query("SELECT pg_advisory_xact_lock(727003)");
  const products = (
    await q.query<{ id: number; selling_price_kobo: number; size: ShipmentSize; store_id: number | null; store_state: string | null }>(
      "SELECT p.id, p.selling_price_kobo, p.size, p.store_id, s.state AS store_state FROM products p LEFT JOIN stores s ON s.id = p.store_id WHERE p.published ORDER BY p.id LIMIT 40",
    )
  ).rows;
  if (products.length < 24) return 0;
  const now = Date.now();
  let made = 0;
  for (const d of plan()) {
    const key = `demo-order:${d.key}`;
    const seen = await q.query("SELECT 1 FROM order_idempotency_keys WHERE scope = 'seed' AND key = $1", [key]);
    if (seen.rows.length) continue;
    const user = await q.query<{ id: number; first_name: string; last_name: string; phone: string | null }>(
      "SELECT id, first_name, last_name, phone FROM users WHERE email = $1",
      [d.email],
    );
    const u = user.rows[0];
    if (!u) continue;
    const lines = d.lines.map((l) => ({ ...l, product: products[l.pick % products.length] }));
    // What was charged at placement: every line (a later cancel refunds the item, not the shipping),
    // one shipment per store with its own fee from the store's state (the one money rule).
    const charged = priceLines(
      lines.map((l) => ({ storeId: l.product.store_id, originState: l.product.store_state, size: l.product.size, quantity: l.quantity, unitKobo: l.product.selling_price_kobo })),
      d.state,
    );
    const shipping = charged.shippingKobo ?? 0;
    const shippingByStore = Object.fromEntries(charged.shipments.filter((s) => s.storeId !== null).map((s) => [s.storeId, s.shippingKobo ?? 0]));
    const address = {
      ...addressRow(u.id, {
        receiver_first_name: u.first_name,
        receiver_last_name: u.last_name,
        receiver_phone_one: u.phone ?? "+2348030000001",
        street_address: d.street,
        city: d.city,
        state: d.state,
        lga: d.lga ?? null,
        landmark: d.landmark ?? null,
      }),
      email: d.email,
    };
    const { user_id: _owner, is_default: _default, ...snapshot } = address;
    const order = await createOrder(q, {
      user_id: u.id,
      customer_email: d.email,
      items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, status: l.cancel ? "Cancelled" : "Active", cancel_reason: l.cancel })),
      delivery_status: d.delivery,
      payment_status: d.paid ? "Complete" : "Pending",
      payment_method: d.method,
      shipping_kobo: shipping,
      shipping_by_store: shippingByStore,
      delivery_address: snapshot,
      delivery_state: d.state,
      created_at: new Date(now - d.ageMs),
      stepHours: Math.max(0.2, Math.min(24, d.ageMs / HOUR / 5)),
    });
    if (d.delivery === "Delivered") await bookDeliveredShipments(q, order.id); // the stores' payout ledger (docs/payouts.md)
    if (d.paid && d.method === "CardPayment") {
      const tx = await q.query<{ id: number }>(
        `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method, payment_status, provider_status, verified_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'CardPayment', 'Complete', 'success', $6, $6, $6) RETURNING id`,
        [order.id, u.id, `demo_${d.key}`, charged.totalKobo ?? 0, d.email, new Date(now - d.ageMs + 5 * 60_000).toISOString()],
      );
      for (const l of lines.filter((x) => x.cancel)) {
        const item = await q.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1 AND product_id = $2 AND status = 'Cancelled'", [
          order.id,
          l.product.id,
        ]);
        const at = new Date(now - d.ageMs + 12 * HOUR).toISOString();
        await q.query(
          `INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, reason, status, provider_refund_id, created_at, updated_at, next_attempt_at)
           VALUES ($1, $2, $3, $4, $5, 'processed', $6, $7, $7, $7)`,
          [order.id, item.rows[0].id, tx.rows[0].id, l.product.selling_price_kobo * l.quantity, l.cancel, `demo_refund_${d.key}`, at],
        );
        await q.query("INSERT INTO order_events (order_id, order_item_id, kind, created_at) VALUES ($1, $2, 'refunded', $3)", [order.id, item.rows[0].id, at]);
      }
    }
    await q.query("INSERT INTO order_idempotency_keys (scope, key, request_hash, order_id) VALUES ('seed', $1, 'demo', $2)", [key, order.id]);
    made++;
  }
  if (made) log(`  ${made} demo orders`);
  return made;
}
