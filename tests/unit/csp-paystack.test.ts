/**
 * Without JavaScript, Place order posts a form that redirects (303) to Paystack's hosted page, and
 * the CSP's form-action applies to that redirect: it must name the page's origin.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { contentSecurityPolicy } from "~/ops/csp.server";

const saved = { key: process.env.PAYSTACK_SECRET_KEY, base: process.env.PAYSTACK_BASE_URL };
function withEnv(key: string | undefined, base: string | undefined) {
  if (key === undefined) delete process.env.PAYSTACK_SECRET_KEY;
  else process.env.PAYSTACK_SECRET_KEY = key;
  if (base === undefined) delete process.env.PAYSTACK_BASE_URL;
  else process.env.PAYSTACK_BASE_URL = base;
  resetEnvCache();
}
const formAction = () => /(?:^|; )form-action ([^;]*)/.exec(contentSecurityPolicy("n"))?.[1].split(" ") ?? [];

afterEach(() => withEnv(saved.key, saved.base));

describe("CSP form-action and Paystack", () => {
  it("real Paystack: its hosted checkout page", () => {
    withEnv("sk_test_x", undefined);
    expect(formAction()).toEqual(expect.arrayContaining(["'self'", "https://checkout.paystack.com"]));
    withEnv("sk_test_x", "https://api.paystack.co");
    expect(formAction()).toContain("https://checkout.paystack.com");
  });
  it("a stand-in given as the base URL: its origin", () => {
    withEnv("sk_test_x", "http://127.0.0.1:4555/");
    expect(formAction()).toContain("http://127.0.0.1:4555");
    expect(formAction()).not.toContain("https://checkout.paystack.com");
  });
  it("no key: the local stand-in on the loopback address", () => {
    withEnv(undefined, undefined);
    expect(formAction()).toContain("http://127.0.0.1:*");
  });
});
