/**
 * A guest asks for a return through the signed link of the order e-mail: the
 * returns API takes the guest order's token (`?token=`) in place of a bearer, with the members'
 * rules: the item's own store shipment delivered, within the window, once; a wrong token is 404.
 * The "delivered" e-mail of a guest order links the order with its token.
 */
import { describe, expect, it } from "vitest";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { env } from "~/config.server";
import { createOrder, createProduct } from "~/db/seed/factories";
import { RETURN_MESSAGES } from "~/domain/returns";
import { engines, useApi } from "./harness";
import { firstCategory, form, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

describe.each(engines())("guest returns on %s", (engine) => {
  const api = useApi(engine);
  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;

  /** A guest's pay-on-delivery order: store A's shipment delivered `daysAgo` days ago, store B's only shipped. */
  async function guestOrder(c: Cast, daysAgo = 2) {
    const cat = await firstCategory(api);
    const mine = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Guest cement" });
    const theirs = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Guest tiles" });
    const email = `guest-${crypto.randomUUID()}@example.com`;
    const order = await createOrder(api.db, {
      user_id: null,
      customer_email: email,
      items: [{ product_id: mine.id, quantity: 2 }, { product_id: theirs.id }],
      payment_method: "PayOnDelivery",
      delivery_status: "Shipped",
      created_at: new Date(Date.now() - 20 * 86_400_000),
    });
    // store A's shipment delivered `daysAgo` days ago, store B's only shipped
    await api.db.query(
      `UPDATE shipments SET status = 'Delivered', shipped_at = now() - interval '3 days' - make_interval(days => $3), delivered_at = now() - make_interval(days => $3)
        WHERE order_id = $1 AND store_id = $2`,
      [order.id, c.store.id, daysAgo],
    );
    const items = (await api.db.query<{ id: string; store_id: number }>("SELECT id::text AS id, store_id FROM order_items WHERE order_id = $1", [order.id])).rows;
    return {
      orderId: order.id,
      token: guestTokenFor(order.id),
      email,
      item: items.find((i) => i.store_id === c.store.id)!.id,
      other: items.find((i) => i.store_id === c.otherStore.id)!.id,
    };
  }

  /** The order link of a mail's text (the storefront's /orders/{id}?t=…), opened through the API. */
  async function opens(text: string, orderId: string) {
    const m = new RegExp(`${env().publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/orders/${orderId}\\?t=(\\S+)`).exec(text);
    expect(m, text).not.toBeNull();
    return api.call(`/orders/${orderId}/?token=${m![1]}`);
  }

  const ask = (orderId: string, itemId: string, query: string, token?: string) =>
    api.call(`/orders/${orderId}/items/${itemId}/return/${query}`, { token, form: form({ reason: "Wrong item", details: "I ordered the 50 kg bags, these are 25 kg." }) });

  it("with the order's token: sees what may be returned, asks for the delivered item; the store is told; its decision e-mails the guest's signed link", async () => {
    const c = await vendorCast(api);
    const g = await guestOrder(c);
    const list = await api.call(`/orders/${g.orderId}/returns/?token=${encodeURIComponent(g.token)}`);
    expect(list.status).toBe(200);
    expect(list.body.returnable.map((x: { order_item_id: string }) => x.order_item_id)).toEqual([g.item]);

    const r = await ask(g.orderId, g.item, `?token=${encodeURIComponent(g.token)}`);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ order_item_id: g.item, status: "requested", reason: "Wrong item", store: { id: c.store.id } });
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'return_requested'", [c.store.id])).toBe(1);
    // the store sees it and refuses it: the guest is e-mailed a link that opens the order (with its token)
    const refused = await api.call(`/stores/${c.store.id}/returns/${r.body.id}/decision/`, { token: c.member.token, json: { decision: "refuse", message: "The bags were opened and used." } });
    expect(refused.status).toBe(200);
    const mail = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%refused%'", [g.email]);
    expect(mail.rows).toHaveLength(1);
    // (each message carries a link made when it was sent: decision 0029)
    expect((await opens(mail.rows[0].text_body, g.orderId)).status).toBe(200);
    // asked once per item
    const again = await ask(g.orderId, g.item, `?token=${encodeURIComponent(g.token)}`);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(RETURN_MESSAGES.already);
  });

  it("refuses as members are refused: a wrong or another order's token 404, no token 401, a stranger's bearer 404, an item whose store has not delivered 400, past the window 400; nothing written", async () => {
    const c = await vendorCast(api);
    const g = await guestOrder(c);
    const other = await guestOrder(c);
    const q = (t: string) => `?token=${encodeURIComponent(t)}`;
    expect((await ask(g.orderId, g.item, q(`${g.token.slice(0, -2)}xx`))).status).toBe(404);
    expect((await ask(g.orderId, g.item, q(other.token))).status).toBe(404);
    expect((await api.call(`/orders/${g.orderId}/returns/${q("nope")}`)).status).toBe(404);
    expect((await ask(g.orderId, g.item, "")).status).toBe(401);
    expect((await ask(g.orderId, g.item, "", c.shopper.token)).status).toBe(404);
    // store B's shipment is only Shipped (the order itself says Shipped too)
    const notDelivered = await ask(g.orderId, g.other, q(g.token));
    expect(notDelivered.status).toBe(400);
    expect(notDelivered.body.detail).toBe(RETURN_MESSAGES.notDelivered);
    const late = await guestOrder(c, env().RETURN_WINDOW_DAYS + 1);
    const tooLate = await ask(late.orderId, late.item, q(late.token));
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.detail).toBe(RETURN_MESSAGES.tooLate(env().RETURN_WINDOW_DAYS));
    expect(await count("SELECT count(*)::int AS n FROM returns WHERE order_id = ANY($1::uuid[])", [[g.orderId, other.orderId, late.orderId]])).toBe(0);
    // a member's order never opens with a token
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat });
    const member = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: p.id }], delivery_status: "Delivered" });
    const memberItem = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [member.id])).rows[0].id;
    expect((await ask(member.id, memberItem, q(guestTokenFor(member.id)))).status).toBe(404);
    expect((await ask(member.id, memberItem, "", c.shopper.token)).status).toBe(201);
  });

  it("the delivered e-mail of a guest order links the order with its token", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Delivered sand" });
    const email = `guest-${crypto.randomUUID()}@example.com`;
    const order = await createOrder(api.db, { user_id: null, customer_email: email, items: [{ product_id: p.id }], payment_method: "PayOnDelivery", delivery_status: "Shipped" });
    const r = await api.call(`/orders/${c.store.id}/store/${order.id}/status/`, { method: "PATCH", token: c.member.token, json: { status: "Delivered" } });
    expect(r.status).toBe(200);
    const mail = await api.db.query<{ text_body: string; html_body: string }>("SELECT text_body, html_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%delivered%'", [email]);
    expect(mail.rows).toHaveLength(1);
    expect((await opens(mail.rows[0].text_body, order.id)).status).toBe(200);
    expect(mail.rows[0].text_body).toContain("ask for a return");
  });
});
