/**
 * Notifications as a key and its values (issue 38 item 2c, migration 0037): a member's notice made
 * by the server in English carries its message key and values in the API (additive: `title` and
 * `body` stay English for the API's clients) and reads in the reader's language; rows from before
 * 0037 are backfilled where their English has a known shape, and others are shown as stored.
 */
import { describe, expect, it } from "vitest";
import { recordEvent } from "~/api/notifications/commands.server";
import { createCategory, createProduct, createStore } from "~/db/seed/factories";
import { lowStockNotice, storeNotices } from "~/api/notifications/events.server";
import { NOTIFICATION_BACKFILL_SQL } from "~/db/migrations/0037_notification_keys";
import { sayNotice } from "~/domain/notices";
import { textsFor } from "~/i18n/texts.server";
import { engines, makeUser, useApi } from "./harness";
import type { ApiNotification } from "~/storefront/api-types";

describe.each(engines())("notifications as keys on %s", (engine) => {
  const api = useApi(engine);

  const list = async (u: { id: number; token: string }) => {
    const r = await api.call<{ results: ApiNotification[] }>(`/users/${u.id}/notifications/?page_size=50`, { token: u.token });
    expect(r.status).toBe(200);
    return r.body.results;
  };

  it("a notice made in English reads in Hausa; the API keeps its English title and body and adds the key and values", async () => {
    const u = await makeUser(api);
    await recordEvent(api.db, {
      notices: [{ userId: u.id, kind: "order_shipped", text: { title: "order_shipped", body: "on_the_way", params: { number: "#AB12CD34", store: "Lagos Building Depot" } }, link: "/users/orders/x" }],
    });
    const [n] = await list(u);
    expect(n).toMatchObject({
      kind: "order_shipped",
      title: "Order #AB12CD34: Lagos Building Depot shipped",
      body: "Lagos Building Depot's items are on their way to you.",
      title_key: "order_shipped",
      body_key: "on_the_way",
      params: { number: "#AB12CD34", store: "Lagos Building Depot" },
    });
    expect(sayNotice(n, textsFor("ha", "account"))).toEqual({
      title: "Oda #AB12CD34: Lagos Building Depot ya tura",
      body: "Kayanka daga Lagos Building Depot suna kan hanyar zuwa gare ka.",
    });
    expect(sayNotice(n, textsFor("en", "account"))).toEqual({ title: n.title, body: n.body });
  });

  it("backfills older English notices of a known shape, and leaves the others and the stores' as stored", async () => {
    const u = await makeUser(api);
    const store = await createStore(api.db, { owner_id: u.id });
    const rows: Array<[number | null, number | null, string, string, string]> = [
      [u.id, null, "refund", "Refund of ₦1,500.50 sent", "For the shipping fee on order #AB12CD34."],
      [u.id, null, "refund", "Refund of ₦20,000 sent", "For Dangote cement 50kg on order #AB12CD34."],
      [u.id, null, "item_cancelled", "Item cancelled on order #AB12CD34", "Floor tiles (60x60) × 2.5: Incorrect Product or Quantity Ordered. A refund is on its way."],
      [u.id, null, "order_paid", "Order #AB12CD34: payment received", "Lagos Building Depot recorded your cash payment of ₦9,000."],
      [u.id, null, "return_refused", "Your return of Floor tiles was refused", "The box was opened."],
      [u.id, null, "order_placed", "Something an older version wrote", "Nothing to match."],
      [null, store.id, "order_placed", "New order #AB12CD34", "Pay on delivery."],
    ];
    for (const [userId, storeId, kind, title, body] of rows)
      await api.db.query("INSERT INTO notifications (user_id, store_id, kind, title, body) VALUES ($1, $2, $3, $4, $5)", [userId, storeId, kind, title, body]);
    await api.db.exec(NOTIFICATION_BACKFILL_SQL);

    const byTitle = new Map((await list(u)).map((n) => [n.title, n]));
    expect(byTitle.get("Refund of ₦1,500.50 sent")).toMatchObject({ title_key: "refund", body_key: "refund_for", params: { amount_kobo: 150050, number: "#AB12CD34", what_key: "shipping" } });
    expect(byTitle.get("Refund of ₦20,000 sent")).toMatchObject({ params: { amount_kobo: 2000000, product: "Dangote cement 50kg" } });
    expect(byTitle.get("Item cancelled on order #AB12CD34")).toMatchObject({
      title_key: "item_cancelled",
      body_key: "item_cancelled_refund",
      params: { number: "#AB12CD34", item: "Floor tiles (60x60)", quantity: 2.5, reason: "Incorrect Product or Quantity Ordered" },
    });
    expect(byTitle.get("Order #AB12CD34: payment received")).toMatchObject({ title_key: "order_paid_cash", body_key: "cash_recorded", params: { store: "Lagos Building Depot", amount_kobo: 900000 } });
    expect(byTitle.get("Your return of Floor tiles was refused")).toMatchObject({ title_key: "return_refused", body_key: null, params: { product: "Floor tiles" } });
    expect(byTitle.get("Something an older version wrote")).toMatchObject({ title_key: null, body_key: null, params: {} });

    const ha = textsFor("ha", "account");
    expect(sayNotice(byTitle.get("Refund of ₦1,500.50 sent")!, ha)).toEqual({ title: "An mayar maka da ₦1,500.50", body: "Don kuɗin kai kaya a oda #AB12CD34." });
    expect(sayNotice(byTitle.get("Your return of Floor tiles was refused")!, ha)).toEqual({ title: "An ƙi karɓar mayar da Floor tiles", body: "The box was opened." });
    expect(sayNotice(byTitle.get("Something an older version wrote")!, ha)).toEqual({ title: "Something an older version wrote", body: "Nothing to match." });
    // Every English text of a backfilled notice is what its key says in English (nothing lost).
    const en = textsFor("en", "account");
    for (const n of byTitle.values()) if (n.title_key) expect(sayNotice(n, en).title).toBe(n.title);

    const storeRows = await api.db.query<{ title_key: string | null }>("SELECT title_key FROM notifications WHERE store_id = $1", [store.id]);
    expect(storeRows.rows).toEqual([{ title_key: null }]);
  });

  it("a store's notices are keys too: a new order, a payment, low stock and a return request read in Yorùbá and Hausa, their English unchanged", async () => {
    const owner = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id });
    const category = await createCategory(api.db);
    const product = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: category.id, name: "Dangote cement 50kg" });
    const low = await lowStockNotice(api.db, product.id, 3);
    const gone = await lowStockNotice(api.db, product.id, 0);
    await recordEvent(api.db, {
      notices: [
        ...storeNotices([store], "00000000-0000-4000-8000-000000000001", "order_placed", { title: "store_new_order", body: "store_pod", params: { number: "#AB12CD34" } }),
        ...storeNotices([store], "00000000-0000-4000-8000-000000000001", "order_paid", { title: "store_order_paid", body: "store_paid_transfer", params: { number: "#AB12CD34", amount_kobo: 1250000 } }),
        low!,
        gone!,
        { storeId: store.id, kind: "return_requested", text: { title: "return_requested", body: "return_requested", params: { product: "Floor tiles", return_reason: "Wrong item", details: "Blue, not grey." } }, link: "/x" },
      ],
    });
    const r = await api.call<{ results: ApiNotification[] }>(`/stores/${store.id}/notifications/?page_size=50`, { token: owner.token });
    expect(r.status).toBe(200);
    const byKey = new Map(r.body.results.map((n) => [n.title_key, n]));
    // The API's English, as the store's clients have always read it
    expect(byKey.get("store_new_order")).toMatchObject({ title: "New order #AB12CD34", body: "Pay on delivery.", params: { number: "#AB12CD34" } });
    expect(byKey.get("store_order_paid")).toMatchObject({ title: "Order #AB12CD34 paid", body: "₦12,500 paid by bank transfer. It can be confirmed now." });
    expect(byKey.get("low_stock")).toMatchObject({ title: "Low stock: Dangote cement 50kg (3 left)", body: "Stock of Dangote cement 50kg is down to 3. Add stock so shoppers can keep buying it." });
    expect(byKey.get("out_of_stock")).toMatchObject({ title: "Out of stock: Dangote cement 50kg" });
    expect(byKey.get("return_requested")).toMatchObject({ title: "Return requested: Floor tiles", body: "Wrong item. Blue, not grey." });
    // The store's members read them in their language
    const yo = textsFor("yo", "account");
    expect(sayNotice(byKey.get("store_new_order")!, yo)).toEqual({ title: "Order tuntun #AB12CD34", body: "Olùrà yóò sanwó nígbà tí ọjà bá dé." });
    expect(sayNotice(byKey.get("low_stock")!, yo).title).toBe("Stock ń tán: Dangote cement 50kg (3 ló kù)");
    const ha = textsFor("ha", "account");
    expect(sayNotice(byKey.get("store_order_paid")!, ha)).toEqual({ title: "An biya oda #AB12CD34", body: "An biya ₦12,500 ta transfer. Za ka iya tabbatar da ita yanzu." });
    expect(sayNotice(byKey.get("return_requested")!, ha).title).toBe("Buƙatar mayarwa: Floor tiles");
  });
});
