/**
 * Languages of mails and messages: a new account keeps the language it signed
 * up in, an order the language it was placed in (guests too), and the shopper's e-mails, SMS and
 * WhatsApp messages use it. Read from the stand-ins' outboxes, as the shopper would receive them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gsm7Length } from "~/domain/phone";
import { flushMailQueue } from "~/integrations/mail.server";
import { inStockProducts } from "../guards/fixtures";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { GUEST_ADDRESS } from "./orders-helpers";
import { payCardOrder as payOrder, shopperWithPhone, usePaystackStandin } from "./order-messages-helpers";
import { smsTo, whatsappTo } from "./phone-helpers";

/** Decodes what a mail client shows of an .eml: the subject (RFC 2047) and the quoted-printable parts. */
function readEml(raw: string): { to: string; subject: string; body: string } {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
  const [head, ...rest] = raw.split("\n\n");
  const unfolded = head.replace(/\n[ \t]+/g, " ");
  const subjectRaw = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? "";
  const subject = subjectRaw
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : bytes(data.replace(/_/g, " ")),
    );
  return { to: /^To: (.*)$/m.exec(unfolded)?.[1] ?? "", subject, body: bytes(rest.join("\n\n").replace(/=\n/g, "")) };
}

async function mailsTo(email: string, api: TestApi) {
  await flushMailQueue(api.db, { all: true });
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort() : [];
  return files.map((f) => readEml(fs.readFileSync(path.join(dir, f), "utf8"))).filter((m) => m.to === email);
}

describe.each(engines())("languages of mails and messages on %s", (engine) => {
  const api = useApi(engine);
  usePaystackStandin();

  /** A shopper speaking `lang`, with a verified phone and the given channels. */
  const shopper = (lang: string, firstName: string, channels = { sms: false, whatsapp: false }) =>
    shopperWithPhone(api, { firstName, lang, phonePrefix: "0806", channels });
  const payCardOrder = (userId: number, token: string) => payOrder(api, userId, token, { quantity: 2 });

  it("a Yoruba-speaking shopper's paid order e-mail is in Yoruba; an English one's stays English", async () => {
    const ade = await shopper("yo", "Adéọlá");
    const orderId = await payCardOrder(ade.id, ade.token);
    const number = `#${orderId.split("-")[0].toUpperCase()}`;
    const paid = (await mailsTo(ade.email, api)).find((m) => m.subject.includes("A ti gba owó"));
    expect(paid?.subject).toBe(`A ti gba owó fún order BuildMart NG rẹ ${number}`);
    expect(paid?.body).toContain("Ẹ n lẹ́ Adéọlá,");
    expect(paid?.body).toContain(`láti káàdì rẹ fún order ${number}`);
    expect(paid?.body).toContain('<html lang="yo">');
    expect(paid?.body).toContain("Wo order rẹ");
    expect(paid?.body).not.toContain("We have received your card payment");

    const en = await makeUser(api, { first_name: "Grace" });
    await payCardOrder(en.id, en.token);
    const enPaid = (await mailsTo(en.email, api)).find((m) => m.subject.startsWith("Payment received"));
    expect(enPaid?.body).toContain("Hello Grace,");
    expect(enPaid?.body).toContain("We have received your card payment of ₦");
  });

  it("a Hausa shopper's paid order SMS is Hausa, one GSM-7 SMS; WhatsApp uses Meta's Hausa template, a Yorùbá reader the Yorùbá one", async () => {
    const musa = await shopper("ha", "Musa", { sms: true, whatsapp: true });
    const orderId = await payCardOrder(musa.id, musa.token);
    const number = `#${orderId.split("-")[0].toUpperCase()}`;
    const paid = (await smsTo(api, musa.phone.e164)).find((m) => m.text?.includes("mun karbi kudinku"));
    expect(paid?.text).toMatch(new RegExp(`^Sannu Musa, mun karbi kudinku N[\\d,.]+ na odar BuildMart ${number}\\. Bibiya: http`));
    expect(gsm7Length(paid!.text!)).not.toBeNull();
    expect(gsm7Length(paid!.text!)!).toBeLessThanOrEqual(160);
    const wa = (await whatsappTo(api, musa.phone.e164)) as Array<{ template?: string; lang?: string }>;
    expect(wa.find((m) => m.template === "order_paid")?.lang).toBe("ha");

    const bisi = await shopper("yo", "", { sms: false, whatsapp: true });
    await payCardOrder(bisi.id, bisi.token);
    const waYo = (await whatsappTo(api, bisi.phone.e164)) as Array<{ template?: string; lang?: string; params?: string[]; text?: string }>;
    // Meta has no Yorùbá code: the Yorùbá template has its own name under the default code.
    const paidYo = waYo.find((m) => m.template === "order_paid_yo");
    expect(paidYo?.lang).toBe("en");
    expect(paidYo?.params?.[0]).toBe("ore"); // the Yorùbá word for a reader without a name
    expect(paidYo?.text).toMatch(/^Ẹ n lẹ́ ore, a ti gba owó ₦[\d,.]+ fún order BuildMart rẹ #/);
  });

  it("the language of the request is kept on a new account and on a guest's order, whose mail uses it", async () => {
    const email = `ngozi.${Date.now()}@example.com`;
    const reg = await api.call("/users/auth/registration/", {
      headers: { "Accept-Language": "ig, en;q=0.8" },
      json: { email, password1: "Ugwu-na-Nsukka-42", password2: "Ugwu-na-Nsukka-42", first_name: "Ngozi", last_name: "Eze", phone: "08031234567" },
    });
    expect(reg.status).toBe(201);
    expect((await api.db.query("SELECT language FROM users WHERE email = $1", [email])).rows[0]).toEqual({ language: "ig" });
    const verify = (await mailsTo(email, api)).at(-1);
    expect(verify?.subject).toBe("Kwado e-mail gị maka BuildMart NG");

    const [p] = await inStockProducts(api.db, 1);
    const guestEmail = `guest.${Date.now()}@example.com`;
    const placed = await api.call("/orders/", {
      headers: { "Accept-Language": "pcm" },
      json: { guest_delivery_address: { ...GUEST_ADDRESS, email: guestEmail }, order_payment_method: "PayOnDelivery", buy: p },
    });
    expect(placed.status).toBe(201);
    expect((await api.db.query("SELECT language FROM orders WHERE id = $1", [placed.body.id])).rows[0]).toEqual({ language: "pcm" });
    const mail = (await mailsTo(guestEmail, api)).at(-1);
    expect(mail?.subject).toMatch(/^Your BuildMart NG order #[0-9A-F]+ don enter$/);
    expect(mail?.body).toContain("You go pay ₦");

    // No Accept-Language at all: English, as before.
    const plain = await api.call("/orders/", { json: { guest_delivery_address: { ...GUEST_ADDRESS, email: `en.${guestEmail}` }, order_payment_method: "PayOnDelivery", buy: p } });
    expect((await api.db.query("SELECT language FROM orders WHERE id = $1", [plain.body.id])).rows[0]).toEqual({ language: "en" });
  });

  it("an account's saved language is read back by its owner only (sign-in puts it on the pages), null until chosen", async () => {
    const me = await makeUser(api);
    const other = await makeUser(api);
    const read = (token: string, id = me.id) => api.call(`/users/${id}/language/`, { method: "GET", token });
    expect(await read(me.token)).toMatchObject({ status: 200, body: { language: null } });
    expect((await api.call(`/users/${me.id}/language/`, { method: "PUT", token: me.token, json: { language: "ha" } })).status).toBe(200);
    expect(await read(me.token)).toMatchObject({ status: 200, body: { language: "ha" } });
    expect([403, 404]).toContain((await read(other.token)).status);
    expect((await api.call(`/users/${me.id}/language/`, { method: "GET" })).status).toBe(401);
  });
});
