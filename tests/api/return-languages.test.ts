/**
 * Return e-mails in the shopper's saved language: a shopper who saved Hausa gets the refusal in
 * Hausa, one who saved Yorùbá gets the acceptance and the pay-on-delivery refund in Yorùbá, each
 * with its greeting, amount and order link; the store's "return requested" e-mail is in the store
 * owner's language, not the shopper's. The English mails are checked in returns.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/seed/factories";
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/orders";
import { engines, useApi } from "./harness";
import { firstCategory, form, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

const email = (lang: string) => JSON.parse(fs.readFileSync(path.resolve(`app/i18n/messages/${lang}/email.json`), "utf8")) as Record<string, string>;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? `{{${k}}}`);

describe.each(engines())("return e-mails in the shopper's language on %s", (engine) => {
  const api = useApi(engine);

  /** A delivered pay-on-delivery order of the cast's shopper (saved language `lang`), with its return asked. */
  async function askedReturn(c: Cast, lang: string) {
    await api.db.query("UPDATE users SET language = $2, first_name = 'Amina' WHERE id = $1", [c.shopper.id, lang]);
    const product = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: await firstCategory(api), name: "Dangote cement 50kg" });
    const order = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: product.id, quantity: 2 }],
      payment_method: "PayOnDelivery",
      payment_status: "Complete",
      delivery_status: "Delivered",
      created_at: new Date(Date.now() - 5 * 86_400_000),
    });
    await api.db.query("UPDATE shipments SET delivered_at = now() - interval '1 day' WHERE order_id = $1", [order.id]);
    const item = (await api.db.query<{ id: string; total: number }>("SELECT id::text AS id, item_price_kobo * quantity AS total FROM order_items WHERE order_id = $1", [order.id])).rows[0];
    const asked = await api.call(`/orders/${order.id}/items/${item.id}/return/`, { token: c.shopper.token, form: form({ reason: "Damaged or defective", details: "Two bags were torn." }) });
    expect(asked.status).toBe(201);
    return { orderId: order.id, returnId: asked.body.id as number, total: item.total };
  }

  const mailsTo = async (to: string) =>
    (await api.db.query<{ subject: string; text_body: string; html_body: string }>("SELECT subject, text_body, html_body FROM mail_queue WHERE to_address = $1 ORDER BY id", [to])).rows;

  it("a refusal reaches a Hausa shopper in Hausa; the store's request e-mail is in its owner's language (Igbo)", async () => {
    const c = await vendorCast(api);
    await api.db.query("UPDATE users SET language = 'ig' WHERE id = $1", [c.owner.id]);
    const { orderId, returnId } = await askedReturn(c, "ha");
    const store = (await api.db.query<{ email: string }>("SELECT email::text AS email FROM stores WHERE id = $1", [c.store.id])).rows[0].email;
    const asked = (await mailsTo(store)).find((m) => m.subject.includes("Dangote cement 50kg"));
    expect(asked?.subject).toBe(fill(email("ig").store_return_subject, { product: "Dangote cement 50kg", number: orderNumber(orderId) }));
    expect(asked?.text_body).toContain(JSON.parse(fs.readFileSync(path.resolve("app/i18n/messages/ig/orders.json"), "utf8")).returnReason["Damaged or defective"]);

    const refused = await api.call(`/stores/${c.store.id}/returns/${returnId}/decision/`, { token: c.member.token, json: { decision: "refuse", message: "An riga an buɗe buhun." } });
    expect(refused.status).toBe(200);
    const ha = email("ha");
    const number = orderNumber(orderId);
    const [mail] = await mailsTo(c.shopper.email);
    expect(mail.subject).toBe(fill(ha.return_refused_subject, { product: "Dangote cement 50kg" }));
    expect(mail.text_body).toContain(fill(ha.hello_name, { name: "Amina" }));
    expect(mail.text_body).toContain(fill(ha.return_refused_intro, { product: "Dangote cement 50kg", number }));
    expect(mail.text_body).toContain(fill(ha.return_seller_says, { message: "An riga an buɗe buhun." }));
    expect(mail.text_body).toContain(`${ha.view_order}:\n`);
    expect(mail.text_body).toContain(`/users/orders/${orderId}`);
    expect(mail.html_body).toContain('<html lang="ha">');
    expect(mail.text_body).not.toContain("The seller refused");
  });

  it("an acceptance and the pay-on-delivery refund reach a Yorùbá shopper in Yorùbá", async () => {
    const c = await vendorCast(api);
    const { orderId, returnId, total } = await askedReturn(c, "yo");
    expect((await api.call(`/stores/${c.store.id}/returns/${returnId}/decision/`, { token: c.member.token, json: { decision: "accept" } })).status).toBe(200);
    expect((await api.call(`/admin/returns/${returnId}/refunded/`, { token: c.admin.token, json: {} })).status).toBe(200);
    const yo = email("yo");
    const number = orderNumber(orderId);
    const amount = formatKobo(total);
    const [accepted, refunded] = await mailsTo(c.shopper.email);
    expect(accepted.subject).toBe(fill(yo.return_accepted_subject, { product: "Dangote cement 50kg" }));
    expect(accepted.text_body).toContain(fill(yo.return_accepted_intro, { product: "Dangote cement 50kg", number }));
    expect(accepted.text_body).toContain(fill(yo.return_accepted_pod, { amount }));
    expect(refunded.subject).toBe(fill(yo.return_refunded_subject, { product: "Dangote cement 50kg" }));
    expect(refunded.text_body).toContain(fill(yo.return_refunded_intro, { amount, product: "Dangote cement 50kg", number }));
    for (const m of [accepted, refunded]) {
      expect(m.html_body).toContain('<html lang="yo">');
      expect(m.text_body).not.toMatch(/Hello|The seller|We have paid back/);
    }
  });
});
