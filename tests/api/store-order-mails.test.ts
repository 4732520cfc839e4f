/**
 * Stores hear about orders: the "New order" e-mail of newOrderStoreMails goes to
 * each store's owner and accepted members who kept it on, one per member per store, listing only
 * that store's active lines; each member turns it off or on for themselves
 * (PATCH /stores/{storeId}/membership/ {order_emails}).
 */
import { describe, expect, it } from "vitest";
import { newOrderStoreMails } from "~/api/notifications/events.server";
import { env } from "~/config.server";
import { addStoreMember, createOrder, createProduct, createStore } from "~/db/seed/factories";
import { formatKobo } from "~/domain/money";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

const number = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

async function twoStoreOrder(api: TestApi, c: Cast, method: "PayOnDelivery" | "CardPayment" = "PayOnDelivery") {
  const cat = await firstCategory(api);
  const paint = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Emulsion paint", selling_price_kobo: 850_000 });
  const nails = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Roofing nails", selling_price_kobo: 120_000 });
  const tiles = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Floor tiles", selling_price_kobo: 560_000 });
  const order = await createOrder(api.db, {
    user_id: c.shopper.id,
    items: [{ product_id: paint.id, quantity: 3 }, { product_id: nails.id, status: "Cancelled" }, { product_id: tiles.id, quantity: 2 }],
    payment_method: method,
    delivery_state: "Oyo",
  });
  await api.db.query("UPDATE order_items SET option_label = 'Colour: Sky blue' WHERE order_id = $1 AND product_id = $2", [order.id, paint.id]);
  // each store's shipment with its own fee
  await api.db.query("UPDATE shipments SET shipping_kobo = CASE WHEN store_id = $2 THEN 250000 ELSE 400000 END WHERE order_id = $1", [order.id, c.store.id]);
  return order.id;
}

const membership = (api: TestApi, storeId: number, token: string, order_emails?: unknown) =>
  order_emails === undefined
    ? api.call(`/stores/${storeId}/membership/`, { token })
    : api.call(`/stores/${storeId}/membership/`, { method: "PATCH", token, json: { order_emails } });

describe.each(engines())("store order e-mails on %s", (engine) => {
  const api = useApi(engine);

  it("one e-mail per member per store with lines: owner and members, not an opted-out member, not a pending invitee, not another store's people", async () => {
    const c = await vendorCast(api);
    const quiet = await makeUser(api);
    const invitee = await makeUser(api);
    const stranger = await makeUser(api);
    await addStoreMember(api.db, c.store.id, quiet.id);
    await addStoreMember(api.db, c.store.id, invitee.id, "Member", false);
    await createStore(api.db, { owner_id: stranger.id }); // a store with no line in the order
    expect(await membership(api, c.store.id, quiet.token, false)).toMatchObject({ status: 200, body: { order_emails: false } });

    const orderId = await twoStoreOrder(api, c);
    const mails = await newOrderStoreMails(api.db, orderId);
    const to = mails.map((m) => m.to).sort();
    expect(to).toEqual([c.owner.email, c.member.email, c.otherOwner.email].sort());

    const [a] = mails.filter((m) => m.to === c.member.email);
    expect(a.subject).toBe(`New order ${number(orderId)} for ${(await api.db.query<{ name: string }>("SELECT name FROM stores WHERE id = $1", [c.store.id])).rows[0].name}`);
    // only store A's active line, with its option label and quantity; not the cancelled line, not store B's
    expect(a.text).toContain(`- Emulsion paint (Colour: Sky blue), ${formatKobo(850_000)} each × 3: ${formatKobo(2_550_000)}`);
    expect(a.text).not.toContain("Roofing nails");
    expect(a.text).not.toContain("Floor tiles");
    expect(a.text).toContain("Oyo");
    expect(a.text).toContain(`Payment: pay on delivery. Collect ${formatKobo(2_550_000 + 250_000)}`);
    const storeUrl = `${env().publicUrl}/stores/${c.store.slug}/orders/${orderId}`;
    expect(a.text).toContain(storeUrl);
    expect(a.html).toContain(`href="${storeUrl}"`);
    expect(a.html).toContain("Emulsion paint (Colour: Sky blue)");

    const [b] = mails.filter((m) => m.to === c.otherOwner.email);
    expect(b.text).toContain(`- Floor tiles, ${formatKobo(560_000)} each × 2: ${formatKobo(1_120_000)}`);
    expect(b.text).not.toContain("Emulsion paint");
    expect(b.text).toContain(`${env().publicUrl}/stores/${c.otherStore.slug}/orders/${orderId}`);
  });

  it("a card order says card; a store whose every line was cancelled gets none; a member who turns it back on gets it again", async () => {
    const c = await vendorCast(api);
    const orderId = await twoStoreOrder(api, c, "CardPayment");
    await api.db.query("UPDATE order_items SET status = 'Cancelled' WHERE order_id = $1 AND store_id = $2", [orderId, c.otherStore.id]);
    expect(await membership(api, c.store.id, c.member.token, "false")).toMatchObject({ status: 200, body: { order_emails: false } });
    let mails = await newOrderStoreMails(api.db, orderId);
    expect(mails.map((m) => m.to)).toEqual([c.owner.email]);
    expect(mails[0].text).toContain("Payment: card (Paystack).");
    expect(mails[0].text).not.toContain("pay on delivery");
    expect(await membership(api, c.store.id, c.member.token, true)).toMatchObject({ status: 200, body: { order_emails: true } });
    mails = await newOrderStoreMails(api.db, orderId);
    expect(mails.map((m) => m.to).sort()).toEqual([c.owner.email, c.member.email].sort());
  });

  it("the setting is each member's own: GET membership shows it; PATCH changes only the caller's; bad values 400; outsiders 404; an admin who is not a member 403", async () => {
    const c = await vendorCast(api);
    expect((await membership(api, c.store.id, c.member.token)).body).toMatchObject({ role: "Member", order_emails: true });
    expect(await membership(api, c.store.id, c.member.token, false)).toMatchObject({ status: 200, body: { order_emails: false } });
    expect((await membership(api, c.store.id, c.member.token)).body.order_emails).toBe(false);
    expect((await membership(api, c.store.id, c.owner.token)).body.order_emails).toBe(true);
    const bad = await membership(api, c.store.id, c.member.token, "maybe");
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("order_emails");
    expect((await membership(api, c.store.id, c.member.token)).body.order_emails).toBe(false);
    expect((await membership(api, c.store.id, c.otherOwner.token, true)).status).toBe(404);
    expect((await membership(api, c.store.id, c.shopper.token, true)).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/membership/`, { method: "PATCH", json: { order_emails: true } })).status).toBe(401);
    expect((await membership(api, c.store.id, c.admin.token)).body).toMatchObject({ role: "Admin", order_emails: null });
    expect((await membership(api, c.store.id, c.admin.token, false)).status).toBe(403);
    const rows = await api.db.query<{ user_id: number; order_emails: boolean }>("SELECT user_id, order_emails FROM store_members WHERE store_id = $1 ORDER BY user_id", [c.store.id]);
    expect(rows.rows).toEqual(
      [
        { user_id: c.owner.id, order_emails: true },
        { user_id: c.member.id, order_emails: false },
      ].sort((x, y) => x.user_id - y.user_id),
    );
  });
});
