/** Page caching rules and content negotiation helpers (server/app.mjs, ~/ops/http-cache.server). */
import { describe, expect, it } from "vitest";
import { appendVary, etagMatches, hasPersonalCookie, pageEtag } from "~/ops/http-cache.server";
import { pickEncoding, randomBase64 } from "../../server/app.mjs";

describe("page ETags", () => {
  it("ignore the per-request nonce and request id, and change with the page", () => {
    const a = pageEtag('<script nonce="AAA">x</script><p>req-1</p>', ["AAA", "req-1"]);
    const b = pageEtag('<script nonce="BBB">x</script><p>req-2</p>', ["BBB", "req-2"]);
    expect(a).toBe(b);
    expect(a).toMatch(/^W\/"/);
    expect(pageEtag('<script nonce="BBB">y</script><p>req-2</p>', ["BBB", "req-2"])).not.toBe(a);
  });

  it("match If-None-Match lists, weak or strong, and *", () => {
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
  });
});

describe("personal cookies and Vary", () => {
  it("treat the session and guest cart cookies as personal, not the lite switch", () => {
    const r = (cookie?: string) => new Request("http://x/", { headers: cookie ? { Cookie: cookie } : {} });
    expect(hasPersonalCookie(r())).toBe(false);
    expect(hasPersonalCookie(r("lite=MQ%3D%3D"))).toBe(false);
    expect(hasPersonalCookie(r("lite=1; __session=abc"))).toBe(true);
    expect(hasPersonalCookie(r("cartId=abc"))).toBe(true);
    expect(hasPersonalCookie(r("my__session=abc"))).toBe(false);
    // the delivery promise's picked state: a page showing it is never shared
    expect(hasPersonalCookie(r("deliveryState=%22Kano%22"))).toBe(true);
  });

  it("adds each Vary name once", () => {
    const h = new Headers({ Vary: "Accept-Encoding, cookie" });
    appendVary(h, ["Cookie", "ECT"]);
    expect(h.get("Vary")).toBe("Accept-Encoding, cookie, ECT");
  });
});

describe("Accept-Encoding", () => {
  it("prefers brotli, honours q=0 and *, and sends nothing compressed when nothing fits", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0, identity")).toBe(null);
    expect(pickEncoding("identity")).toBe(null);
    expect(pickEncoding(undefined)).toBe(null);
    expect(pickEncoding("br", ["gzip"])).toBe(null);
  });
});

describe("randomBase64 (every page's CSP nonce)", () => {
  it("hands out 16 fresh random bytes each time, across refills of its pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const n = randomBase64(16);
      expect(Buffer.from(n, "base64")).toHaveLength(16);
      seen.add(n);
    }
    expect(seen.size).toBe(1000);
  });
});
