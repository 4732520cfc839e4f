/**
 * Local stand-ins for third parties (each speaks the real protocol), started before the app in
 * e2e runs. Each returns the environment that points the app at it.
 */
import { startGoogleIssuer } from "./google-issuer";

export type Standin = () => Promise<Record<string, string>>;

export const E2E_GOOGLE_CLIENT_ID = "e2e-client.apps.googleusercontent.com";

/** Google's OpenID Connect issuer: discovery, JWKS, authorize ("Sign in as" form) and token endpoints. */
const google: Standin = async () => {
  const issuer = await startGoogleIssuer({ clientId: E2E_GOOGLE_CLIENT_ID, clientSecret: "e2e-client-secret" });
  console.log(`[standins] Google issuer stand-in at ${issuer.url}`);
  return { GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_CLIENT_SECRET: issuer.clientSecret, GOOGLE_ISSUER: issuer.url };
};

const standins: Standin[] = [google];

export async function startStandins(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const s of standins) Object.assign(env, await s());
  return env;
}
