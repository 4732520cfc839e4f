import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accountAtAddress, rateLimiter, RULES } from "~/api/rate-limit.server";
import { handleApi } from "~/api/router";
import { engines, makeUser, randomIp, useApi, type TestApi } from "./harness";

/** Raw messages of the outbox for one recipient, oldest first (waits briefly for background sends). */
async function mailsTo(email: string, atLeast = 1): Promise<string[]> {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort() : [];
    const found = files
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .filter((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "mi").test(raw));
    if (found.length >= atLeast) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

/** Every access and refresh token of these logins is refused: 401 token_not_valid. */
async function expectEnded(api: TestApi, logins: { access: string; refresh: string }[]) {
  for (const l of logins) {
    const me = await api.call("/users/auth/user/", { token: l.access });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe("token_not_valid");
    const r = await api.call("/users/auth/token/refresh/", { json: { refresh: l.refresh } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ detail: "Token is invalid or expired", code: "token_not_valid" });
  }
}

const unfold = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
const verifyKey = (raw: string) => /\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(unfold(raw))?.[1];
const resetLink = (raw: string) => /\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(unfold(raw));

const uniqueEmail = (tag = "u") => `${tag}.${crypto.randomBytes(5).toString("hex")}@example.com`;
const PASSWORD = "Kola#nut2024";

function registration(over: Record<string, unknown> = {}) {
  return {
    first_name: "Ada",
    last_name: "Obi",
    email: uniqueEmail(),
    phone: "0803 123 4567",
    password1: PASSWORD,
    password2: PASSWORD,
    ...over,
  };
}

/** Registers, confirms and logs in (from `ip` when given); returns the login answer. */
async function verifiedUser(api: TestApi, over: Record<string, unknown> = {}, ip?: string) {
  const body = registration(over);
  expect((await api.call("/users/auth/registration/", { json: body, ip })).status).toBe(201);
  const key = verifyKey((await mailsTo(body.email as string))[0]);
  expect((await api.call("/users/auth/registration/verify-email/", { json: { key }, ip })).status).toBe(200);
  const login = await api.call("/users/auth/login/", { json: { email: body.email, password: body.password1 }, ip });
  expect(login.status).toBe(200);
  return { ...login.body, email: body.email as string, password: body.password1 as string };
}

describe.each(engines())("accounts API on %s", (engine) => {
  const api = useApi(engine);

  it("registers (201), normalises the phone, stores an argon2 hash and mails a verification link", async () => {
    const body = registration();
    const r = await api.call("/users/auth/registration/", { json: body });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ detail: "Verification e-mail sent." });
    const row = await api.db.query<{ phone: string; password_hash: string; email_verified_at: unknown }>(
      "SELECT phone, password_hash, email_verified_at FROM users WHERE email = $1",
      [body.email],
    );
    expect(row.rows[0].phone).toBe("+2348031234567");
    expect(row.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(row.rows[0].email_verified_at).toBeNull();
    const [mail] = await mailsTo(body.email);
    expect(mail).toMatch(/^Subject: Confirm your e-mail address/m);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(unfold(mail)).toContain(`${process.env.PUBLIC_URL}/email/confirm/`);
    expect(verifyKey(mail)!.length).toBeGreaterThan(30);
  });

  it("accepts the +234 and 234 forms of a phone number", async () => {
    for (const phone of ["+2349051234567", "2348101234567"]) {
      const body = registration({ phone });
      expect((await api.call("/users/auth/registration/", { json: body })).status).toBe(201);
      const row = await api.db.query<{ phone: string }>("SELECT phone FROM users WHERE email = $1", [body.email]);
      expect(row.rows[0].phone).toBe(`+234${phone.slice(-10)}`);
    }
  });

  it("answers every required-field message of spec section 5", async () => {
    const r = await api.call("/users/auth/registration/", { json: {} });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      first_name: ["Enter your first name"],
      last_name: ["Enter your last name"],
      email: ["Enter your email"],
      phone: ["Enter your phone number"],
      password1: ["Enter Password"],
      password2: ["Password didn't match"],
    });
    const blanks = await api.call("/users/auth/registration/", {
      json: { first_name: " ", last_name: "", email: "", phone: "", password1: "", password2: "" },
    });
    expect(blanks.body.first_name).toEqual(["Enter your first name"]);
    expect(blanks.body.password1).toEqual(["Enter Password"]);
  });

  it("answers the format messages: email, phone, password rules, confirmation", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "not-an-email" }, "email", "Enter a valid email address"],
      [{ phone: "0803123" }, "phone", "Please enter a valid phone number"],
      [{ phone: "06031234567" }, "phone", "Please enter a valid phone number"],
      [{ password1: "Ab1!", password2: "Ab1!" }, "password1", "Password must be at least 8 characters long."],
      [{ password1: "abcdefgh1", password2: "abcdefgh1" }, "password1", "Password should include letters, numbers, and special characters."],
      [{ password1: "abcdefgh!", password2: "abcdefgh!" }, "password1", "Password should include letters, numbers, and special characters."],
      [{ email: "kemi.ade1@example.com", password1: "KEMI.ADE1@example.com", password2: "KEMI.ADE1@example.com" }, "password1", "Password cannot be similar to the username or email."],
      [{ password2: "Different#2024" }, "password2", "Passwords do not match"],
    ];
    for (const [over, field, message] of cases) {
      const r = await api.call("/users/auth/registration/", { json: registration(over) });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body[field], JSON.stringify(over)).toEqual([message]);
    }
  });

  it("refuses a second account for the same address, ignoring case", async () => {
    const body = registration();
    expect((await api.call("/users/auth/registration/", { json: body })).status).toBe(201);
    const again = await api.call("/users/auth/registration/", { json: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ email: ["A user is already registered with this e-mail address."] });
  });

  it("verifies the address once with the mailed key; unknown keys 404, used keys 400", async () => {
    const body = registration();
    await api.call("/users/auth/registration/", { json: body });
    const unverified = await api.call("/users/auth/login/", { json: { email: body.email, password: PASSWORD } });
    expect(unverified.status).toBe(400);
    expect(unverified.body).toEqual({ non_field_errors: ["E-mail is not verified."] });

    expect((await api.call("/users/auth/registration/verify-email/", { json: { key: "nope" } })).status).toBe(404);
    expect((await api.call("/users/auth/registration/verify-email/", { json: {} })).status).toBe(400);
    const key = verifyKey((await mailsTo(body.email))[0]);
    const ok = await api.call("/users/auth/registration/verify-email/", { json: { key } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ detail: "ok" });
    const again = await api.call("/users/auth/registration/verify-email/", { json: { key } });
    expect(again.status).toBe(400);
    expect(again.body.key[0]).toMatch(/already been used/);
  });

  it("refuses an expired verification key", async () => {
    const body = registration();
    await api.call("/users/auth/registration/", { json: body });
    const key = verifyKey((await mailsTo(body.email))[0]);
    await api.db.query(
      "UPDATE email_verifications SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [body.email],
    );
    const r = await api.call("/users/auth/registration/verify-email/", { json: { key } });
    expect(r.status).toBe(400);
    expect(r.body.key[0]).toMatch(/expired/);
  });

  it("resends the verification mail, answering 200 for any address", async () => {
    const body = registration();
    await api.call("/users/auth/registration/", { json: body });
    expect((await api.call("/users/auth/registration/resend-email/", { json: { email: body.email } })).status).toBe(200);
    expect(await mailsTo(body.email, 2)).toHaveLength(2);
    expect((await api.call("/users/auth/registration/resend-email/", { json: { email: uniqueEmail("nobody") } })).status).toBe(200);
  });

  it("logs in with the contract's shape; wrong password and unknown address get the same 400", async () => {
    const u = await verifiedUser(api);
    expect(Object.keys(u).sort()).toEqual(["access", "access_expiration", "email", "password", "refresh", "refresh_expiration", "user"]);
    expect(u.user).toEqual({ id: expect.any(Number), email: u.email, first_name: "Ada", last_name: "Obi" });
    expect(new Date(u.access_expiration).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(u.refresh_expiration).getTime()).toBeGreaterThan(new Date(u.access_expiration).getTime());

    const upper = await api.call("/users/auth/login/", { json: { email: u.email.toUpperCase(), password: u.password } });
    expect(upper.status).toBe(200);
    const wrong = await api.call("/users/auth/login/", { json: { email: u.email, password: "Wrong#pass1" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
    const unknown = await api.call("/users/auth/login/", { json: { email: uniqueEmail("ghost"), password: "Wrong#pass1" } });
    expect(unknown.body).toEqual(wrong.body);
    const empty = await api.call("/users/auth/login/", { json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ email: ["Enter your email"], password: ["Enter Password"] });
  });

  it("GET /users/auth/user/ answers the token's user; 401 without or with a bad token", async () => {
    const u = await verifiedUser(api);
    const me = await api.call("/users/auth/user/", { token: u.access });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: u.user.id, pk: u.user.id, email: u.email, first_name: "Ada", last_name: "Obi", phone: "+2348031234567" });
    expect((await api.call("/users/auth/user/")).status).toBe(401);
    const bad = await api.call("/users/auth/user/", { token: "garbage" });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("token_not_valid");
  });

  it("GET /users/{id}/ is for that user or an admin only", async () => {
    const u = await verifiedUser(api);
    const self = await api.call(`/users/${u.user.id}/`, { token: u.access });
    expect(self.status).toBe(200);
    expect(self.body).toEqual({ id: u.user.id, email: u.email, first_name: "Ada", last_name: "Obi" });
    expect((await api.call(`/users/${u.user.id}`, { token: u.access })).status).toBe(200);
    const other = await makeUser(api);
    expect((await api.call(`/users/${other.id}/`, { token: u.access })).status).toBe(403);
    expect((await api.call(`/users/999999/`, { token: u.access })).status).toBe(403);
    expect((await api.call(`/users/${u.user.id}/`)).status).toBe(401);
    const admin = await makeUser(api, { role: "admin" });
    const asAdmin = await api.call(`/users/${u.user.id}/`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.email).toBe(u.email);
    expect((await api.call(`/users/999999/`, { token: admin.token })).status).toBe(404);
  });

  it("refreshes: {access, refresh}, the old refresh token keeps working until logout revokes it", async () => {
    const u = await verifiedUser(api);
    const r1 = await api.call("/users/auth/token/refresh/", { json: { refresh: u.refresh } });
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ access: expect.any(String), refresh: u.refresh });
    expect((await api.call("/users/auth/user/", { token: r1.body.access })).status).toBe(200);
    const r2 = await api.call("/users/auth/token/refresh/", { json: { refresh: u.refresh } });
    expect(r2.status).toBe(200);
    // an access token is not a refresh token
    const wrongType = await api.call("/users/auth/token/refresh/", { json: { refresh: u.access } });
    expect(wrongType.status).toBe(401);
    expect(wrongType.body.code).toBe("token_not_valid");
    expect((await api.call("/users/auth/token/refresh/", { json: {} })).status).toBe(400);

    const out = await api.call("/users/auth/logout/", { json: { refresh: u.refresh } });
    expect(out.status).toBe(200);
    const after = await api.call("/users/auth/token/refresh/", { json: { refresh: u.refresh } });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: "Token is invalid or expired", code: "token_not_valid" });
  });

  it("password reset answers 200 for any address and mails only real accounts", async () => {
    const ghost = uniqueEmail("ghost");
    const r = await api.call("/users/auth/password/reset/", { json: { email: ghost } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ detail: "Password reset e-mail has been sent." });
    await new Promise((res) => setTimeout(res, 200));
    expect(await mailsTo(ghost, 1).then((m) => m.length)).toBe(0);
    const bad = await api.call("/users/auth/password/reset/", { json: { email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ email: ["Enter a valid email address"] });
  });

  it("resets the password with uid + token once; ends every session; the old password stops working", async () => {
    const u = await verifiedUser(api);
    const other = await api.call("/users/auth/login/", { json: { email: u.email, password: u.password } }); // a second device
    expect((await api.call("/users/auth/password/reset/", { json: { email: u.email } })).status).toBe(200);
    const mail = (await mailsTo(u.email, 2)).find((m) => /Reset your BuildMart NG password/.test(m))!;
    const m = resetLink(mail)!;
    expect(unfold(mail)).toContain(`${process.env.PUBLIC_URL}/reset-password/`);
    const [uid, token] = [m[1], m[2]];
    const NEW = "Fresh#start99";

    const confirm = (over: Record<string, unknown>) =>
      api.call("/users/auth/password/reset/confirm/", { json: { uid, token, new_password1: NEW, new_password2: NEW, ...over } });
    expect((await confirm({ new_password1: "" , new_password2: "" })).body).toMatchObject({ new_password1: ["Please enter a password"] });
    expect((await confirm({ new_password2: "Other#pass99" })).body).toEqual({ new_password2: ["Password didn't match"] });
    expect((await confirm({ new_password1: "short", new_password2: "short" })).body).toEqual({
      new_password1: ["Password must be at least 8 characters long."],
    });
    expect((await confirm({ token: "forged" })).body).toEqual({ token: ["Invalid value"] });
    expect((await confirm({ uid: "MQ" })).body).toEqual({ token: ["Invalid value"] });
    expect((await confirm({ uid: "!!" })).status).toBe(400);

    const ok = await confirm({});
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ detail: "Password has been reset with the new password." });
    expect((await confirm({})).body).toEqual({ token: ["Invalid value"] });

    expect((await api.call("/users/auth/token/refresh/", { json: { refresh: u.refresh } })).status).toBe(401);
    await expectEnded(api, [u, other.body]);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password } })).status).toBe(400);
    const fresh = await api.call("/users/auth/login/", { json: { email: u.email, password: NEW } });
    expect(fresh.status).toBe(200);
    expect((await api.call("/users/auth/user/", { token: fresh.body.access })).status).toBe(200);
  });

  it("refuses an expired reset token", async () => {
    const u = await verifiedUser(api);
    await api.call("/users/auth/password/reset/", { json: { email: u.email } });
    const mail = (await mailsTo(u.email, 2)).find((m) => /reset-password/.test(unfold(m)))!;
    const [, uid, token] = resetLink(mail)!;
    await api.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.user.id]);
    const r = await api.call("/users/auth/password/reset/confirm/", {
      json: { uid, token, new_password1: "Fresh#start99", new_password2: "Fresh#start99" },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ token: ["Invalid value"] });
  });

  it("logout ends every session of the user: old access and refresh tokens refused on every device; a new login works", async () => {
    const u = await verifiedUser(api);
    const other = (await api.call("/users/auth/login/", { json: { email: u.email, password: u.password } })).body;
    expect((await api.call("/users/auth/user/", { token: other.access })).status).toBe(200);

    const out = await api.call("/users/auth/logout/", { json: { refresh: u.refresh }, token: u.access });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ detail: "Successfully logged out." });
    await expectEnded(api, [u, other]);

    const again = await api.call("/users/auth/login/", { json: { email: u.email, password: u.password } });
    expect(again.status).toBe(200);
    expect((await api.call("/users/auth/user/", { token: again.body.access })).status).toBe(200);
    // A token of an ended session ends nothing more: the new session lives on.
    expect((await api.call("/users/auth/logout/", { json: { refresh: u.refresh }, token: u.access })).status).toBe(200);
    expect((await api.call("/users/auth/user/", { token: again.body.access })).status).toBe(200);
    expect((await api.call("/users/auth/token/refresh/", { json: { refresh: again.body.refresh } })).status).toBe(200);
    // Logout with only the access token (no refresh in the body) ends the sessions too.
    expect((await api.call("/users/auth/logout/", { json: {}, token: again.body.access })).status).toBe(200);
    await expectEnded(api, [again.body]);
    // Garbage or nothing: still 200, nothing ended.
    expect((await api.call("/users/auth/logout/", { json: { refresh: "garbage" } })).status).toBe(200);
  });

  it("changes the password (dj-rest-auth): checks the current one, ends every session, the new password logs in", async () => {
    const u = await verifiedUser(api);
    const other = (await api.call("/users/auth/login/", { json: { email: u.email, password: u.password } })).body;
    const NEW = "Second#key77";
    const change = (over: Record<string, unknown>, token: string | null = u.access) =>
      api.call("/users/auth/password/change/", { json: { old_password: u.password, new_password1: NEW, new_password2: NEW, ...over }, token: token ?? undefined });

    expect((await change({}, null)).status).toBe(401);
    expect((await change({}, "garbage")).body.code).toBe("token_not_valid");
    const empty = await api.call("/users/auth/password/change/", { json: {}, token: u.access });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      old_password: ["Enter your current password"],
      new_password1: ["Please enter a password"],
      new_password2: ["Password didn't match"],
    });
    expect((await change({ new_password2: "Other#pass99" })).body).toEqual({ new_password2: ["Password didn't match"] });
    expect((await change({ new_password1: "short", new_password2: "short" })).body).toEqual({
      new_password1: ["Password must be at least 8 characters long."],
    });
    expect((await change({ new_password1: u.email, new_password2: u.email })).body).toEqual({
      new_password1: ["Password cannot be similar to the username or email."],
    });
    const wrong = await change({ old_password: "Wrong#pass1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ old_password: ["Your old password was entered incorrectly. Please enter it again."] });
    // nothing changed so far
    expect((await api.call("/users/auth/user/", { token: u.access })).status).toBe(200);

    const ok = await change({});
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ detail: "New password has been saved." });
    await expectEnded(api, [u, other]);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password } })).status).toBe(400);
    const fresh = await api.call("/users/auth/login/", { json: { email: u.email, password: NEW } });
    expect(fresh.status).toBe(200);
    expect((await api.call("/users/auth/user/", { token: fresh.body.access })).status).toBe(200);
    expect((await api.call("/users/auth/token/refresh/", { json: { refresh: fresh.body.refresh } })).status).toBe(200);
  });

  it("wrong current passwords on a password change count with the login failures of that account at that address", async () => {
    const ip = randomIp();
    const u = await verifiedUser(api, {}, ip);
    const NEW = "Second#key77";
    const change = (old_password: string) =>
      api.call("/users/auth/password/change/", { json: { old_password, new_password1: NEW, new_password2: NEW }, token: u.access, ip });
    for (let i = 0; i < RULES.loginAccountIp.limit; i++) expect((await change(`Wrong#${i}xx`)).status).toBe(400);
    const blocked = await change(u.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^Too many login attempts for this account\./);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip })).status).toBe(429);
    expect((await change(u.password)).status).toBe(429);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip: randomIp() })).status).toBe(200);
  });

  it("a password change ends pending reset links", async () => {
    const u = await verifiedUser(api);
    await api.call("/users/auth/password/reset/", { json: { email: u.email } });
    const [, uid, token] = resetLink((await mailsTo(u.email, 2)).find((m) => /reset-password/.test(unfold(m)))!)!;
    const NEW = "Second#key77";
    const changed = await api.call("/users/auth/password/change/", {
      json: { old_password: u.password, new_password1: NEW, new_password2: NEW },
      token: u.access,
    });
    expect(changed.status).toBe(200);
    const r = await api.call("/users/auth/password/reset/confirm/", { json: { uid, token, new_password1: "Third#key88", new_password2: "Third#key88" } });
    expect(r.body).toEqual({ token: ["Invalid value"] });
  });

  it("rate-limits failed logins per account at an address (429 with a clear message), and a success is still refused meanwhile", async () => {
    const ip = randomIp();
    const u = await verifiedUser(api, {}, ip);
    for (let i = 0; i < RULES.loginAccountIp.limit; i++) {
      const r = await api.call("/users/auth/login/", { json: { email: u.email, password: `Wrong#${i}xx` }, ip });
      expect(r.status).toBe(400);
    }
    const blocked = await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^Too many login attempts for this account\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(RULES.loginAccountIp.blockSeconds);
    expect(blocked.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("failures from one address never lock the account at another; after the lock the right password works again", async () => {
    const [a, b] = [randomIp(), randomIp()];
    const u = await verifiedUser(api, {}, b);
    for (let i = 0; i < RULES.loginAccountIp.limit; i++) {
      expect((await api.call("/users/auth/login/", { json: { email: u.email, password: `Wrong#${i}xx` }, ip: a })).status).toBe(400);
    }
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip: a })).status).toBe(429);
    // the owner, elsewhere, is not locked out: a typo is a plain 400, the right password logs in
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: "Typo#pass1" }, ip: b })).status).toBe(400);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip: b })).status).toBe(200);

    // Let the lock at A run out (shortened to a second), then the right password works there too.
    await rateLimiter(api.db).block(RULES.loginAccountIp, accountAtAddress(u.email, a), 1);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip: a })).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip: a })).status).toBe(200);
  });

  it("a successful login clears the count of failures in a row", async () => {
    const ip = randomIp();
    const u = await verifiedUser(api, {}, ip);
    const fail = () => api.call("/users/auth/login/", { json: { email: u.email, password: "Wrong#pass1" }, ip });
    for (let i = 0; i < RULES.loginAccountIp.limit - 1; i++) expect((await fail()).status).toBe(400);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip })).status).toBe(200);
    for (let i = 0; i < RULES.loginAccountIp.limit - 1; i++) expect((await fail()).status).toBe(400);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password: u.password }, ip })).status).toBe(200);
  });

  it("rate-limits failed logins per client address, other addresses unaffected", async () => {
    const ip = randomIp();
    for (let i = 0; i < RULES.loginIp.limit; i++) {
      const r = await api.call("/users/auth/login/", { json: { email: uniqueEmail("spray"), password: "Wrong#pass1" }, ip });
      expect(r.status).toBe(400);
    }
    const blocked = await api.call("/users/auth/login/", { json: { email: uniqueEmail("spray"), password: "Wrong#pass1" }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^Too many login attempts\./);
    const elsewhere = await api.call("/users/auth/login/", { json: { email: uniqueEmail("spray"), password: "Wrong#pass1" }, ip: randomIp() });
    expect(elsewhere.status).toBe(400);
  });

  it("rate-limits registration per address and per e-mail", async () => {
    const ip = randomIp();
    for (let i = 0; i < RULES.registerIp.limit; i++) {
      expect((await api.call("/users/auth/registration/", { json: registration({ email: "bad" }), ip })).status).toBe(400);
    }
    const blocked = await api.call("/users/auth/registration/", { json: registration(), ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^Too many sign-ups/);

    const email = uniqueEmail("dup");
    const statuses: number[] = [];
    for (let i = 0; i <= RULES.registerAccount.limit; i++) statuses.push((await api.call("/users/auth/registration/", { json: registration({ email }) })).status);
    expect(statuses).toEqual([201, ...Array(RULES.registerAccount.limit - 1).fill(400), 429]);
  });

  it("X-Forwarded-For (or X-Real-IP) sent by a client does not change the address the limiter sees", async () => {
    const ip = randomIp();
    const spoof = () => ({ "x-forwarded-for": `${randomIp()}, ${randomIp()}`, "x-real-ip": randomIp() });
    for (let i = 0; i < RULES.registerIp.limit; i++) {
      expect((await api.call("/users/auth/registration/", { json: registration({ email: "bad" }), ip, headers: spoof() })).status).toBe(400);
    }
    const blocked = await api.call("/users/auth/registration/", { json: registration(), ip, headers: spoof() });
    expect(blocked.status).toBe(429);
    // the same forwarding header from a client at another address: not blocked
    const xff = spoof();
    expect((await api.call("/users/auth/registration/", { json: registration({ email: "bad" }), ip: randomIp(), headers: xff })).status).toBe(400);
  });

  it("without a client address (handleApi with no meta) the per-address limits do not apply; per-account ones do", async () => {
    const post = (body: unknown) =>
      handleApi(new Request(`${api.base}/users/auth/registration/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
    for (let i = 0; i <= RULES.registerIp.limit; i++) expect((await post(registration({ email: "bad" }))).status).toBe(400);
    const email = uniqueEmail("noaddr");
    const statuses: number[] = [];
    for (let i = 0; i <= RULES.registerAccount.limit; i++) statuses.push((await post(registration({ email }))).status);
    expect(statuses).toEqual([201, ...Array(RULES.registerAccount.limit - 1).fill(400), 429]);
  });

  it("rate-limits password reset requests per account", async () => {
    const email = uniqueEmail("reset");
    const statuses: number[] = [];
    for (let i = 0; i <= RULES.resetAccount.limit; i++) statuses.push((await api.call("/users/auth/password/reset/", { json: { email } })).status);
    expect(statuses).toEqual([...Array(RULES.resetAccount.limit).fill(200), 429]);
  });
});
