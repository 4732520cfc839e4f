/**
 * Which Paystack the app talks to: the configured key and base URL, or (no key, local PUBLIC_URL)
 * the local stand-in started in-process; never the stand-in when a key is set, and no stand-in
 * for a deployment whose PUBLIC_URL is public unless PAYSTACK_STANDIN=1.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { PaymentsNotConfigured, paymentGateway, paystackSettings, stopLocalStandin, webhookSecret } from "~/integrations/paystack/gateway.server";

const saved = { ...process.env };

function setEnv(vars: Record<string, string | undefined>) {
  for (const k of ["PAYSTACK_SECRET_KEY", "PAYSTACK_BASE_URL", "PAYSTACK_STANDIN", "PUBLIC_URL"]) delete process.env[k];
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) process.env[k] = v;
  resetEnvCache();
}

afterEach(async () => {
  await stopLocalStandin();
  process.env = { ...saved };
  resetEnvCache();
});

describe("paymentGateway()", () => {
  it("uses the configured key and base URL, and never starts the stand-in when a key is set", async () => {
    setEnv({ PAYSTACK_SECRET_KEY: "sk_live_configured", PAYSTACK_BASE_URL: "http://127.0.0.1:9", PUBLIC_URL: "http://localhost:3000" });
    expect(await paystackSettings()).toEqual({ secretKey: "sk_live_configured", baseUrl: "http://127.0.0.1:9", standin: false });
    expect(await webhookSecret()).toBe("sk_live_configured");
    // It really talks to that URL (nothing listens there: Paystack unreachable).
    await expect((await paymentGateway()).verify("x")).rejects.toMatchObject({ name: "PaystackError", status: 0 });
    setEnv({ PAYSTACK_SECRET_KEY: "sk_test_x" });
    expect((await paystackSettings()).baseUrl).toBe("https://api.paystack.co");
  });

  it("without a key, starts the local stand-in once and signs webhooks with its key", async () => {
    setEnv({ PUBLIC_URL: "http://localhost:3000" });
    expect(await webhookSecret()).toBeNull(); // nothing started yet: no webhook can be genuine
    const a = await paystackSettings();
    const b = await paystackSettings();
    expect(a.standin).toBe(true);
    expect(a.secretKey).toMatch(/^sk_test_/);
    expect(b).toEqual(a);
    expect(await webhookSecret()).toBe(a.secretKey);
    const init = await (await paymentGateway()).initialize({ email: "a@example.com", amount: 5000, reference: `gw-${Date.now()}` });
    expect(init.authorization_url.startsWith(a.baseUrl)).toBe(true);
  });

  it("refuses the stand-in on a public PUBLIC_URL unless PAYSTACK_STANDIN=1", async () => {
    setEnv({ PUBLIC_URL: "https://buildmart.ng" });
    await expect(paystackSettings()).rejects.toBeInstanceOf(PaymentsNotConfigured);
    setEnv({ PUBLIC_URL: "https://staging.buildmart.ng", PAYSTACK_STANDIN: "1" });
    expect((await paystackSettings()).standin).toBe(true);
    await stopLocalStandin();
    setEnv({ PUBLIC_URL: "http://localhost:3000", PAYSTACK_STANDIN: "0" });
    await expect(paystackSettings()).rejects.toBeInstanceOf(PaymentsNotConfigured);
  });
});
