import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { flushMailQueue } from "~/integrations/mail.server";
import { engines, makeUser, randomIp, useApi, type TestApi } from "./harness";
import { decodeMail, mailsTo } from "./orders-helpers";

const uniqueEmail = (tag = "n") => `${tag}.${crypto.randomBytes(5).toString("hex")}@example.com`;
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const confirmToken = (raw: string) => /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(decodeMail(raw))?.[1];
const unsubscribeToken = (raw: string) => /\/newsletter\/unsubscribe\/(\d+\.[A-Za-z0-9_-]+)/.exec(decodeMail(raw))?.[1];
/** A header of a raw message, folded lines joined. */
const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1] ?? null;
};

async function row(api: TestApi, email: string) {
  const r = await api.db.query<Record<string, unknown>>("SELECT * FROM newsletter_subscriptions WHERE email = $1", [email]);
  return r.rows[0] ?? null;
}

/** Signs `email` up and confirms it through the token of its mail. */
async function subscribed(api: TestApi, email: string): Promise<void> {
  expect((await api.call("/newsletter/", { json: { email } })).status).toBe(202);
  const token = confirmToken((await mailsTo(api, email, 1, false)).at(-1)!);
  expect((await api.call("/newsletter/confirm/", { json: { token } })).status).toBe(200);
}

describe.each(engines())("newsletter on %s", (engine) => {
  const api = useApi(engine);

  it("writes the confirmation e-mail in the language of the page it was asked from", async () => {
    const email = uniqueEmail("lang");
    expect((await api.call("/newsletter/", { json: { email }, headers: { "Accept-Language": "yo" } })).status).toBe(202);
    const text = decodeMail((await mailsTo(api, email, 1, false)).at(-1)!);
    expect(text).toContain(resources.yo.email.newsletter_confirm_asked);
    expect(text).not.toContain(resources.en.email.newsletter_confirm_asked);
  });

  it("a sign-up is not a subscription: the same answer for new, pending and subscribed addresses; the mailed token confirms once", async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    const first = await api.call("/newsletter/", { json: { email: email.toUpperCase() }, ip });
    expect(first.status).toBe(202);
    const pending = await row(api, email);
    expect(pending).toMatchObject({ confirmed_at: null, consent_source: "footer", consent_ip: ip, user_id: null });
    expect(pending!.consent_at).toBeTruthy();

    const mails = await mailsTo(api, email, 1, false);
    expect(mails).toHaveLength(1);
    const token = confirmToken(mails[0])!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Only its SHA-256 is stored, never the token.
    expect(pending!.confirm_token_hash).toBe(sha256(token));
    expect(JSON.stringify(pending)).not.toContain(token);

    // Asking again while pending, or once subscribed, answers exactly the same.
    const again = await api.call("/newsletter/", { json: { email } });
    expect(again).toMatchObject({ status: 202, body: first.body });

    const ok = await api.call("/newsletter/confirm/", { json: { token }, ip });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ email, subscribed: true });
    expect(await row(api, email)).toMatchObject({ unsubscribed_at: null, confirm_token_hash: null, confirm_ip: ip });
    expect((await row(api, email))!.confirmed_at).toBeTruthy();

    const reused = await api.call("/newsletter/confirm/", { json: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.token).toHaveLength(1);

    const subscribedAgain = await api.call("/newsletter/", { json: { email } });
    expect(subscribedAgain).toMatchObject({ status: 202, body: first.body });
    // Nothing new was mailed to an address already on the list.
    expect(await mailsTo(api, email, 1, false)).toHaveLength(1);
  });

  it("refuses a bad address next to the field and writes nothing; the registration box is recorded as its source", async () => {
    const bad = await api.call("/newsletter/", { json: { email: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.email).toEqual(["Enter a valid email address"]);
    expect(await row(api, "not-an-address")).toBeNull();

    const email = uniqueEmail("reg");
    expect((await api.call("/newsletter/", { json: { email, source: "registration" } })).status).toBe(202);
    expect(await row(api, email)).toMatchObject({ consent_source: "registration", confirmed_at: null });
  });

  it("a confirmation token expires; a new sign-up mails a new one that works", async () => {
    const email = uniqueEmail("exp");
    await api.call("/newsletter/", { json: { email } });
    const token = confirmToken((await mailsTo(api, email, 1, false))[0])!;
    await api.db.query("UPDATE newsletter_subscriptions SET confirm_expires_at = now() - interval '1 second' WHERE email = $1", [email]);
    const late = await api.call("/newsletter/confirm/", { json: { token } });
    expect(late.status).toBe(400);
    expect((await row(api, email))!.confirmed_at).toBeNull();

    expect((await api.call("/newsletter/", { json: { email } })).status).toBe(202);
    const fresh = confirmToken((await mailsTo(api, email, 2, false))[1])!;
    expect(fresh).not.toBe(token);
    expect((await api.call("/newsletter/confirm/", { json: { token } })).status).toBe(400);
    expect((await api.call("/newsletter/confirm/", { json: { token: fresh } })).status).toBe(200);
  });

  it("summary, CSV export and sending are for admins only (anonymous 401, others 404)", async () => {
    const shopper = await makeUser(api);
    const admin = await makeUser(api, { role: "admin" });
    const send = { subject: "Nope", text: "Nope", idempotency_key: crypto.randomUUID() };
    for (const [path, opts] of [
      ["/newsletter/summary/", {}],
      ["/newsletter/subscribers/export/", {}],
      ["/newsletter/sends/", { json: send }],
    ] as const) {
      expect((await api.call(path, opts)).status).toBe(401);
      const other = await api.call(path, { ...opts, token: shopper.token });
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ detail: "Not found." });
    }
    expect((await api.db.query("SELECT 1 FROM newsletter_sends WHERE subject = 'Nope'")).rows).toHaveLength(0);
    const s = await api.call("/newsletter/summary/", { token: admin.token });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ confirmed: expect.any(Number), pending: expect.any(Number), unsubscribed: expect.any(Number), sends: expect.any(Array) });
  });

  it("exports confirmed subscribers only, as escaped CSV that a spreadsheet will not run as formulas", async () => {
    const admin = await makeUser(api, { role: "admin" });
    const pendingEmail = uniqueEmail("pending");
    await api.call("/newsletter/", { json: { email: pendingEmail } });
    const tag = crypto.randomBytes(3).toString("hex");
    const evil = [`=HYPERLINK("http://x.example/${tag}")@evil.example`, `+${tag}@evil.example`, `-${tag},"x"@evil.example`, `@${tag}@evil.example`];
    for (const e of evil)
      await api.db.query("INSERT INTO newsletter_subscriptions (email, confirmed_at, consent_at, consent_source) VALUES ($1, now(), now(), 'footer')", [e]);
    const good = uniqueEmail("csv");
    await subscribed(api, good);

    const r = await api.fetch("/newsletter/subscribers/export/", { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await r.text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("email,confirmed_at,source");
    expect(lines.find((l) => l.startsWith(`${good},`))).toMatch(new RegExp(`^${good.replace(/\./g, "\\.")},\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z,footer$`));
    expect(csv).not.toContain(pendingEmail);
    expect(lines).toContain(`"'=HYPERLINK(""http://x.example/${tag}"")@evil.example",${lines.find((l) => l.includes(`x.example/${tag}`))!.split(",").at(-2)},footer`);
    expect(lines.some((l) => l.startsWith(`'+${tag}@evil.example,`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`"'-${tag},""x""@evil.example",`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`'@${tag}@evil.example,`))).toBe(true);
    // No line starts with a formula character.
    expect(lines.filter((l) => /^[=+\-@]/.test(l))).toEqual([]);
    await api.db.query("DELETE FROM newsletter_subscriptions WHERE email LIKE $1", [`%${tag}%`]);
  });

  it("sends one queued mail per confirmed subscriber with its own unsubscribe link and List-Unsubscribe headers; the same key sends once", async () => {
    const admin = await makeUser(api, { role: "admin" });
    const a = uniqueEmail("sub");
    const b = uniqueEmail("sub");
    const pending = uniqueEmail("pending");
    await subscribed(api, a);
    await subscribed(api, b);
    await api.call("/newsletter/", { json: { email: pending } });
    const confirmed = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL")).rows[0].n;

    const subject = `Cement deals ${crypto.randomBytes(3).toString("hex")}`;
    const body = { subject, text: "Dangote cement is down this week.\n\nSee you soon.", idempotency_key: crypto.randomUUID() };
    const first = await api.call("/newsletter/sends/", { json: body, token: admin.token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ subject, recipients: confirmed });
    const twice = await api.call("/newsletter/sends/", { json: body, token: admin.token });
    expect(twice.status).toBe(200);
    expect(twice.body.id).toBe(first.body.id);

    const queued = await api.db.query<{ to_address: string; headers: Record<string, string> | string }>("SELECT to_address, headers FROM mail_queue WHERE subject = $1", [subject]);
    expect(queued.rows).toHaveLength(confirmed);
    const tos = queued.rows.map((q) => q.to_address);
    expect(tos).toEqual(expect.arrayContaining([a, b]));
    expect(tos).not.toContain(pending);
    const h = queued.rows.map((q) => (typeof q.headers === "string" ? JSON.parse(q.headers) : q.headers));
    for (const x of h) {
      expect(x["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(x["List-Unsubscribe"]).toMatch(/^<http[^>]+\/api\/v1\/newsletter\/unsubscribe\/\d+\.[A-Za-z0-9_-]{32}\/>, <mailto:[^>]+>$/);
    }
    expect(new Set(h.map((x) => x["List-Unsubscribe"])).size).toBe(confirmed);

    await flushMailQueue(api.db, { all: true, limit: 1000 });
    const mailA = (await mailsTo(api, a, 2)).find((m) => decodeMail(m).includes(subject))!;
    expect(mailA).toBeTruthy();
    expect(header(mailA, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const listUnsub = header(mailA, "List-Unsubscribe")!;
    const tokenA = unsubscribeToken(mailA)!;
    expect(listUnsub).toContain(`/api/v1/newsletter/unsubscribe/${tokenA}/`);
    expect(decodeMail(mailA)).toContain("Dangote cement is down this week.");

    // A tampered token is refused and changes nothing; a GET changes nothing either (it redirects to the page).
    const tampered = tokenA.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await api.call(`/newsletter/unsubscribe/${tampered}/`, { method: "POST" })).status).toBe(404);
    const get = await api.fetch(`/newsletter/unsubscribe/${tokenA}/`);
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toMatch(new RegExp(`/newsletter/unsubscribe/${tokenA.replace(/\./g, "\\.")}$`));
    expect((await row(api, a))!.unsubscribed_at).toBeNull();

    // RFC 8058 one-click: the provider POSTs List-Unsubscribe=One-Click to the header's address.
    // (The header names PUBLIC_URL's host; the test server answers on its own port.)
    const url = new URL(/<(http[^>]+)>/.exec(listUnsub)![1]);
    expect(url.pathname).toBe(`/api/v1/newsletter/unsubscribe/${tokenA}/`);
    const oneClick = await api.fetch(`${api.origin}${url.pathname}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(oneClick.status).toBe(200);
    expect((await row(api, a))!.unsubscribed_at).toBeTruthy();

    const next = { subject: `${subject} again`, text: "More deals.", idempotency_key: crypto.randomUUID() };
    const second = await api.call("/newsletter/sends/", { json: next, token: admin.token });
    expect(second.body.recipients).toBe(confirmed - 1);
    const to = await api.db.query<{ to_address: string }>("SELECT to_address FROM mail_queue WHERE subject = $1", [next.subject]);
    expect(to.rows.map((r) => r.to_address)).not.toContain(a);
    expect(to.rows.map((r) => r.to_address)).toContain(b);
    await flushMailQueue(api.db, { all: true, limit: 1000 }); // let the API's own flush finish before the database closes
  });

  it("keeps a failed send's headers in the queue (sendMail's fallback)", async () => {
    const { sendMail, setMailTransport } = await import("~/integrations/mail.server");
    const to = uniqueEmail("fail");
    setMailTransport({ name: "broken", send: () => Promise.reject(new Error("smtp down")) });
    try {
      expect(await sendMail({ to, subject: "x", text: "y", headers: { "List-Unsubscribe": "<https://example.com/u>" } }, api.db)).toBe("queued");
    } finally {
      setMailTransport(null);
    }
    const q = await api.db.query<{ headers: unknown }>("SELECT headers FROM mail_queue WHERE to_address = $1", [to]);
    const h = q.rows[0].headers;
    expect(typeof h === "string" ? JSON.parse(h) : h).toEqual({ "List-Unsubscribe": "<https://example.com/u>" });
  });
});
