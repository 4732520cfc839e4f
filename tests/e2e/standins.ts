/**
 * Local stand-ins for third parties (each speaks the real protocol), started before the app in
 * e2e runs. Each returns the environment that points the app at it.
 */
import { startPaystackStandin } from "~/integrations/paystack/standin.server";
import { startGoogleIssuer } from "./google-issuer";

/** Where the app under test will listen (webhooks go there). */
export interface StandinContext {
  appUrl: string;
}

export type Standin = (ctx: StandinContext) => Promise<Record<string, string>>;

export const E2E_GOOGLE_CLIENT_ID = "e2e-client.apps.googleusercontent.com";

/** Google's OpenID Connect issuer: discovery, JWKS, authorize ("Sign in as" form) and token endpoints. */
const google: Standin = async () => {
  const issuer = await startGoogleIssuer({ clientId: E2E_GOOGLE_CLIENT_ID, clientSecret: "e2e-client-secret" });
  console.log(`[standins] Google issuer stand-in at ${issuer.url}`);
  return { GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_CLIENT_SECRET: issuer.clientSecret, GOOGLE_ISSUER: issuer.url };
};

/**
 * Paystack: initialize, verify, refund, the hosted page ("Pay", "Decline", "Cancel payment") and
 * signed webhooks to the app's POST /api/v1/webhooks/paystack. The app gets its sk_test key and
 * URL as PAYSTACK_SECRET_KEY / PAYSTACK_BASE_URL, exactly as it would get real Paystack's.
 */
const paystack: Standin = async ({ appUrl }) => {
  const s = await startPaystackStandin({ webhookUrl: `${appUrl}/api/v1/webhooks/paystack`, retryDelaysMs: [500, 2_000, 5_000] });
  console.log(`[standins] Paystack stand-in at ${s.url}`);
  return { PAYSTACK_SECRET_KEY: s.secretKey, PAYSTACK_BASE_URL: s.url };
};

const standins: Standin[] = [google, paystack];

export async function startStandins(ctx: StandinContext): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const s of standins) Object.assign(env, await s(ctx));
  return env;
}
