/** TRUSTED_PROXIES: one rule (server/security.mjs) for the server and app/config.server.ts. */
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "~/config.server";
import { normalizeIp, parseContentType, parseTrustedProxies } from "../../server/security.mjs";

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  resetEnvCache();
});

describe("TRUSTED_PROXIES", () => {
  it("is empty (trust no one) by default", () => {
    expect(parseTrustedProxies(undefined)).toBe(false);
    expect(parseTrustedProxies(" , ")).toBe(false);
    expect(env().trustedProxies).toEqual([]);
  });

  it("takes IPs, CIDRs and Express's names", () => {
    expect(parseTrustedProxies("10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,loopback")).toEqual(["10.0.0.0/8", "192.0.2.7", "2001:db8::/32", "loopback"]);
    process.env.TRUSTED_PROXIES = "10.0.0.0/8,192.0.2.7";
    resetEnvCache();
    expect(env().trustedProxies).toEqual(["10.0.0.0/8", "192.0.2.7"]);
  });

  it("refuses anything else with a clear message, at start-up", () => {
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.1/8/1", "::1/129", "*"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(/TRUSTED_PROXIES/);
    }
    process.env.TRUSTED_PROXIES = "10.0.0.0/99";
    resetEnvCache();
    expect(() => env()).toThrow(/TRUSTED_PROXIES: .*not an IP address or CIDR/);
  });
});

describe("helpers", () => {
  it("normalizes IPv4-mapped IPv6 peers", () => {
    expect(normalizeIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeIp("::1")).toBe("::1");
    expect(normalizeIp(undefined)).toBe("unknown");
  });

  it("reads media type and boundary", () => {
    expect(parseContentType('multipart/form-data; boundary="a b"')).toEqual({ type: "multipart/form-data", boundary: "a b" });
    expect(parseContentType("Multipart/Form-Data;boundary=xyz")).toEqual({ type: "multipart/form-data", boundary: "xyz" });
    expect(parseContentType("multipart/form-data; charset=utf-8")).toEqual({ type: "multipart/form-data", boundary: null });
    expect(parseContentType(undefined)).toEqual({ type: "", boundary: null });
  });
});
