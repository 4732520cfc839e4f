import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/api/core/accounts.server";
import { PHONE_RULES } from "~/api/phone/routes";
import { PHONE_MESSAGES } from "~/domain/phone";
import { setMailTransport, type MailMessage } from "~/integrations/mail.server";
import { engines, makeUser, randomIp, useApi } from "./harness";
import { lastCode, newPhone, smsTo } from "./phone-helpers";

describe.each(engines())("phone sign-in on %s", (engine) => {
  const api = useApi(engine);

  it("registers with a phone number and a code from the SMS, then logs in with a new code; no e-mail needed", async () => {
    const { local, e164 } = newPhone("0806");
    const ip = randomIp();
    const req = await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "register" }, ip });
    expect(req.status).toBe(202);
    const sms = await smsTo(api, e164);
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toMatch(/^\d{6} is your BuildMart code/);
    const code = await lastCode(api, e164);

    const signed = await api.call("/users/auth/phone/verify/", { json: { phone: local, code, first_name: "Ngozi", last_name: "Okafor" }, ip });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ user: { first_name: "Ngozi", last_name: "Okafor", email: "" } });
    expect(signed.body.access).toBeTruthy();
    expect(signed.body.refresh).toBeTruthy();
    const me = await api.call("/users/auth/user/", { token: signed.body.access });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: signed.body.user.id, phone: e164 });
    // With no e-mail, its order updates come by SMS from the start.
    const channels = await api.call(`/users/${signed.body.user.id}/channels/`, { token: signed.body.access });
    expect(channels.body).toMatchObject({ sms: true, whatsapp: false, phone_verified: true });

    // The code is used up.
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code }, ip })).status).toBe(400);

    // Logging in later, with the number typed another way: the same account.
    expect((await api.call("/users/auth/phone/request/", { json: { phone: `+234 ${local.slice(1)}`, purpose: "login" }, ip })).status).toBe(202);
    const again = await api.call("/users/auth/phone/verify/", { json: { phone: `234${local.slice(1)}`, code: await lastCode(api, e164) }, ip });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(signed.body.user.id);
  });

  it("wrong codes count down, the fifth locks the code; an expired code is refused", async () => {
    const { local, e164 } = newPhone("0703");
    const ip = randomIp();
    await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "login" }, ip });
    const code = await lastCode(api, e164);
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api.call("/users/auth/phone/verify/", { json: { phone: local, code: wrong }, ip });
      expect(r.status).toBe(400);
      messages.push(r.body.code[0]);
    }
    expect(messages).toEqual([PHONE_MESSAGES.codeWrong(4), PHONE_MESSAGES.codeWrong(3), PHONE_MESSAGES.codeWrong(2), PHONE_MESSAGES.codeWrong(1), PHONE_MESSAGES.codeLocked]);
    // Locked: even the right code no longer works.
    const locked = await api.call("/users/auth/phone/verify/", { json: { phone: local, code }, ip });
    expect(locked).toMatchObject({ status: 400, body: { code: [PHONE_MESSAGES.codeLocked] } });

    // A new code replaces the locked one; once expired it is refused.
    await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "login" }, ip });
    const fresh = await lastCode(api, e164);
    await api.db.query("UPDATE otp_codes SET expires_at = now() - interval '1 minute' WHERE phone = $1 AND used_at IS NULL", [e164]);
    const expired = await api.call("/users/auth/phone/verify/", { json: { phone: local, code: fresh }, ip });
    expect(expired).toMatchObject({ status: 400, body: { code: [PHONE_MESSAGES.codeExpired] } });
    const rows = await api.db.query<{ code_hash: string }>("SELECT code_hash FROM otp_codes WHERE phone = $1", [e164]);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.code_hash).not.toContain(fresh); // stored hashed
  });

  it("wrong codes from one address sent all at once: exactly the limit are checked, the rest get 429 with Retry-After (counted atomically)", async () => {
    const ip = randomIp();
    const limit = PHONE_RULES.verifyIp.limit;
    // A burst past the limit, each for a number with no live code (a wrong code).
    const burst = await Promise.all(
      Array.from({ length: limit + 30 }, () => api.call("/users/auth/phone/verify/", { json: { phone: newPhone("0905").local, code: "123456" }, ip })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    for (const r of burst.filter((x) => x.status === 429)) {
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(r.body.detail).toMatch(/Too many wrong codes/);
    }
    // Still limited afterwards, even with a right code; another address is not.
    const { local, e164 } = newPhone("0906");
    await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "register" }, ip: randomIp() });
    const code = await lastCode(api, e164);
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code }, ip })).status).toBe(429);
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code }, ip: randomIp() })).status).toBe(200);
  });

  it("the same answer for a number with and without an account, and codes to one number are rate-limited", async () => {
    const known = newPhone("0813");
    const ip = randomIp();
    await api.call("/users/auth/phone/request/", { json: { phone: known.local }, ip });
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: known.local, code: await lastCode(api, known.e164) }, ip })).status).toBe(200);

    const unknown = newPhone("0905");
    const a = await api.call("/users/auth/phone/request/", { json: { phone: known.local, purpose: "login" }, ip });
    const b = await api.call("/users/auth/phone/request/", { json: { phone: unknown.local, purpose: "login" }, ip });
    expect(a.status).toBe(202);
    expect(b).toMatchObject({ status: a.status, body: a.body });

    // Five codes an hour per number from one address (two sent above from `ip`).
    for (let i = 0; i < 3; i++) expect((await api.call("/users/auth/phone/request/", { json: { phone: known.local }, ip })).status).toBe(202);
    const limited = await api.call("/users/auth/phone/request/", { json: { phone: known.local }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/Too many codes sent to this number/);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });

  it("strangers asking for someone's number neither lock the owner out nor cancel the code the owner just received", async () => {
    const { local, e164 } = newPhone("0816");
    const home = randomIp();
    // The owner signs up from home, then asks for a code to sign in again.
    await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "register" }, ip: home });
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) }, ip: home })).status).toBe(200);
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "login" }, ip: home })).status).toBe(202);
    const code = await lastCode(api, e164);

    // A stranger asks again and again from one address: stopped after five, with a 429.
    const stranger = randomIp();
    const fromStranger = [];
    for (let i = 0; i < 6; i++) fromStranger.push((await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: i % 2 ? "register" : "login" }, ip: stranger })).status);
    expect(fromStranger).toEqual([202, 202, 202, 202, 202, 429]);
    // More strangers from other addresses.
    for (let i = 0; i < 5; i++) expect((await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "login" }, ip: randomIp() })).status).toBe(202);

    // Every SMS since carried the owner's code, and it still signs the owner in.
    const sms = await smsTo(api, e164);
    expect(sms.length).toBe(2 + 10);
    for (const m of sms.slice(2)) expect(m.text).toContain(code);
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code }, ip: home })).status).toBe(200);
    // The owner's own request from home is answered, with a new code (the old one is used up).
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "login" }, ip: home })).status).toBe(202);
    const next = await lastCode(api, e164);
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code: next }, ip: home })).status).toBe(200);
  });

  it("codes to one number from all addresses are capped, except at an address the number signed in from", async () => {
    const { local, e164 } = newPhone("0817");
    const home = randomIp();
    await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: home });
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) }, ip: home })).status).toBe(200);
    // The owner's first code counted (home was not known yet); strangers' requests fill the cap.
    for (let i = 0; i < PHONE_RULES.codeNumber.limit - 1; i++) {
      expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp() })).status).toBe(202);
    }
    const capped = await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp() });
    expect(capped.status).toBe(429);
    expect(capped.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The owner, at home, still gets the live code and signs in with it.
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: home })).status).toBe(202);
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) }, ip: home })).status).toBe(200);
  });

  it("a device the number signed in from (X-Device-Id) is not held by the number-wide cap on a new address; a stranger's made-up device is", async () => {
    const { local, e164 } = newPhone("0819");
    const home = randomIp();
    const device = crypto.randomBytes(24).toString("base64url");
    const headers = { "X-Device-Id": device };
    await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: home, headers });
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) }, ip: home, headers })).status).toBe(200);
    for (let i = 0; i < PHONE_RULES.codeNumber.limit - 1; i++) {
      expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp() })).status).toBe(202);
    }
    // Strangers, with or without a device id of their own: the cap holds.
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp() })).status).toBe(429);
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp(), headers: { "X-Device-Id": crypto.randomBytes(24).toString("base64url") } })).status).toBe(429);
    // The owner's phone on another network: a code by SMS, and it signs in.
    const elsewhere = randomIp();
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: elsewhere, headers })).status).toBe(202);
    expect((await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) }, ip: elsewhere, headers })).status).toBe(200);
  });

  it("when strangers fill the number's cap, the owner on a new address gets the code by the account's verified e-mail (a few an hour); without one it stays 429", async () => {
    const { local, e164 } = newPhone("0818");
    const home = randomIp();
    await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: home });
    const owner = await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) }, ip: home });
    expect(owner.status).toBe(200);
    const email = `phone-owner-${crypto.randomUUID()}@example.com`;
    // The e-mail is not verified yet: no second way in.
    await api.db.query("UPDATE users SET email = $2 WHERE id = $1", [owner.body.user.id, email]);
    for (let i = 0; i < PHONE_RULES.codeNumber.limit - 1; i++) {
      expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp() })).status).toBe(202);
    }
    const away = randomIp(); // the owner, on a phone's network far from home
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: away })).status).toBe(429);

    await api.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [owner.body.user.id]);
    const mails: MailMessage[] = [];
    setMailTransport({ name: "capture", send: async (m) => void mails.push(m) });
    try {
      const smsBefore = (await smsTo(api, e164)).length;
      const byMail = await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: away });
      expect(byMail).toMatchObject({ status: 202, body: { detail: PHONE_MESSAGES.codeSentByEmail, sent_to: "email" } });
      expect((await smsTo(api, e164)).length).toBe(smsBefore); // no SMS beyond the cap
      const mine = mails.filter((m) => m.to === email);
      expect(mine).toHaveLength(1);
      const code = /\b(\d{6})\b/.exec(mine[0].text)![1];
      const signed = await api.call("/users/auth/phone/verify/", { json: { phone: local, code }, ip: away });
      expect(signed.status).toBe(200);
      expect(signed.body.user.id).toBe(owner.body.user.id);
      // Strangers cannot flood the owner's inbox instead: a few codes an hour by e-mail, then 429.
      const more = [];
      for (let i = 0; i < PHONE_RULES.codeByEmail.limit; i++) more.push((await api.call("/users/auth/phone/request/", { json: { phone: local }, ip: randomIp() })).status);
      expect(more).toEqual([...Array(PHONE_RULES.codeByEmail.limit - 1).fill(202), 429]);
      expect(mails.filter((m) => m.to === email)).toHaveLength(PHONE_RULES.codeByEmail.limit);
    } finally {
      setMailTransport(null);
    }
  });

  it("a bad number is a 400 on the field; password login still works", async () => {
    const r = await api.call("/users/auth/phone/request/", { json: { phone: "0603 123 4567" } });
    expect(r).toMatchObject({ status: 400, body: { phone: [PHONE_MESSAGES.phoneInvalid] } });
    const u = await makeUser(api, {});
    await api.db.query("UPDATE users SET password_hash = $2, email_verified_at = now() WHERE id = $1", [u.id, await hashPassword("Cement-Blocks-42")]);
    const login = await api.call("/users/auth/login/", { json: { email: u.email, password: "Cement-Blocks-42" } });
    expect(login).toMatchObject({ status: 200, body: { user: { id: u.id, email: u.email } } });
  });

  it("a signed-in user adds and verifies a phone with a code; a number verified by another account is refused", async () => {
    const u = await makeUser(api, {});
    const { local, e164 } = newPhone("0915");
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "verify" } })).status).toBe(401);
    expect((await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "verify" }, token: u.token })).status).toBe(202);
    const add = await api.call("/users/auth/phone/add/", { json: { phone: local, code: await lastCode(api, e164) }, token: u.token });
    expect(add).toMatchObject({ status: 200, body: { phone: e164 } });
    const ch = await api.call(`/users/${u.id}/channels/`, { token: u.token });
    expect(ch.body).toMatchObject({ phone: e164, phone_verified: true, email: true, sms: false, whatsapp: false });

    // Now the number signs in to that account.
    await api.call("/users/auth/phone/request/", { json: { phone: local } });
    const signed = await api.call("/users/auth/phone/verify/", { json: { phone: local, code: await lastCode(api, e164) } });
    expect(signed.body.user).toMatchObject({ id: u.id, email: u.email });

    const other = await makeUser(api, {});
    await api.call("/users/auth/phone/request/", { json: { phone: local, purpose: "verify" }, token: other.token });
    const taken = await api.call("/users/auth/phone/add/", { json: { phone: local, code: await lastCode(api, e164) }, token: other.token });
    expect(taken).toMatchObject({ status: 400, body: { phone: [PHONE_MESSAGES.phoneTaken] } });
  });
});
