/**
 * The session cookie (app/storefront/session.server.ts) keeps what a signed value decoded to, and
 * still answers each request as a fresh parse would: its own copy, a flash read once, and nothing
 * for a value whose signature does not match.
 */
import { describe, expect, it } from "vitest";
import { commitSession, getSession } from "~/storefront/session.server";

const request = (cookie: string) => new Request("http://localhost:3000/", { headers: { Cookie: cookie } });

describe("session cookie", () => {
  it("answers every request its own copy of the same data", async () => {
    const s = await getSession(request(""));
    s.set("userId", 12);
    s.set("guestOrders", { "5": "tok" });
    const cookie = (await commitSession(s)).split(";")[0];
    const a = await getSession(request(`lite=0; ${cookie}; cartId=x`));
    expect(a.get("userId")).toBe(12);
    a.get("guestOrders")!["6"] = "changed in place";
    a.set("userId", 13);
    const b = await getSession(request(cookie));
    expect(b.get("userId")).toBe(12);
    expect(b.get("guestOrders")).toEqual({ "5": "tok" });
  });

  it("reads a flash once per request, every time the same cookie comes", async () => {
    const s = await getSession(request(""));
    s.flash("flash", { kind: "success", message: "Saved" });
    const cookie = (await commitSession(s)).split(";")[0];
    for (let i = 0; i < 2; i++) {
      const r = await getSession(request(cookie));
      expect(r.get("flash")).toEqual({ kind: "success", message: "Saved" });
      expect(r.get("flash")).toBeUndefined();
    }
  });

  it("gives nothing for a value changed after signing, before and after the signed one is read", async () => {
    const s = await getSession(request(""));
    s.set("userId", 12);
    const cookie = (await commitSession(s)).split(";")[0];
    const [name, value] = cookie.split("=");
    const [data, sig] = decodeURIComponent(value).split(".");
    const forgedData = Buffer.from(JSON.stringify({ userId: 1 })).toString("base64");
    const forged = `${name}=${encodeURIComponent(`${forgedData}.${sig}`)}`;
    expect(data).not.toBe(forgedData);
    expect((await getSession(request(forged))).get("userId")).toBeUndefined();
    expect((await getSession(request(cookie))).get("userId")).toBe(12);
    expect((await getSession(request(forged))).get("userId")).toBeUndefined();
  });
});
