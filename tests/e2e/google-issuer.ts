/**
 * A local stand-in for Google's OpenID Connect issuer (tests and development only): discovery
 * document, JWKS with our own RSA key, an authorize endpoint with a plain HTML "Sign in as" form
 * (works without JavaScript; `login_hint` skips the form), and a token endpoint that checks the
 * client credentials, redirect URI and PKCE and answers an RS256 ID token.
 *
 * The form's "scenario" lets a test ask for a broken sign-in: wrong audience, wrong issuer,
 * expired token, unverified e-mail, a state that does not match, or a token signed with a key
 * that is not in the JWKS.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

export const SCENARIOS = ["ok", "wrong_audience", "wrong_issuer", "expired", "unverified", "bad_state", "bad_signature"] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface GoogleIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Signs an ID token with the issuer's key (or a stranger's), defaults filled in. */
  mint(claims: JWTPayload & { email?: string; email_verified?: boolean; nonce?: string }, opts?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  email: string;
  name: string;
  scenario: Scenario;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** A stable numeric subject per e-mail address, like Google's 21-digit account ids. */
export const subFor = (email: string) => `1${BigInt(`0x${crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16)}`).toString().padStart(20, "0")}`;

export async function startGoogleIssuer(opts: { clientId?: string; clientSecret?: string; port?: number } = {}): Promise<GoogleIssuer> {
  const clientId = opts.clientId ?? "test-client.apps.googleusercontent.com";
  const clientSecret = opts.clientSecret ?? "test-client-secret";
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256");
  const kid = crypto.randomBytes(8).toString("hex");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, Grant>();
  let url = "";

  async function sign(claims: JWTPayload, key: CryptoKey, keyId: string) {
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: keyId, typ: "JWT" }).sign(key);
  }

  const mint: GoogleIssuer["mint"] = async (claims, o = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const email = claims.email ?? "someone@example.com";
    const full: JWTPayload = {
      iss: url,
      aud: clientId,
      sub: subFor(email),
      email,
      email_verified: true,
      iat: now,
      exp: now + 3600,
      ...claims,
    };
    return o.foreignKey ? sign(full, stranger.privateKey, kid) : sign(full, privateKey, kid);
  };

  function approve(res: http.ServerResponse, q: URLSearchParams) {
    const redirectUri = q.get("redirect_uri") ?? "";
    const state = q.get("state") ?? "";
    const back = new URL(redirectUri);
    if (q.get("cancel")) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("state", state);
    } else {
      const email = (q.get("email") || q.get("login_hint") || "").trim().toLowerCase();
      const scenario = (SCENARIOS as readonly string[]).includes(q.get("scenario") ?? "") ? (q.get("scenario") as Scenario) : "ok";
      const code = crypto.randomBytes(16).toString("base64url");
      codes.set(code, {
        clientId: q.get("client_id") ?? "",
        redirectUri,
        nonce: q.get("nonce") ?? undefined,
        codeChallenge: q.get("code_challenge") ?? undefined,
        codeChallengeMethod: q.get("code_challenge_method") ?? undefined,
        email,
        name: (q.get("name") || email.split("@")[0]).trim(),
        scenario,
      });
      back.searchParams.set("code", code);
      back.searchParams.set("state", scenario === "bad_state" ? `${state}x` : state);
    }
    res.writeHead(302, { Location: back.toString() }).end();
  }

  function authorizePage(res: http.ServerResponse, q: URLSearchParams) {
    const hidden = [...q.entries()]
      .filter(([k]) => !["email", "name", "scenario", "login_hint"].includes(k))
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join("");
    const options = SCENARIOS.map((s) => `<option value="${s}">${s}</option>`).join("");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in - Google stand-in</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem">
<h1>Sign in as</h1><p>Test identity provider standing in for Google.</p>
<form method="get" action="/authorize/approve">${hidden}
<p><label for="email">Email</label><br><input id="email" name="email" type="email" required></p>
<p><label for="name">Name</label><br><input id="name" name="name" type="text"></p>
<p><label for="scenario">Scenario</label><br><select id="scenario" name="scenario">${options}</select></p>
<p><button type="submit">Continue</button> <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></p>
</form></body></html>`);
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const fail = (error: string, status = 400) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ error }));
    let id = body.get("client_id") ?? "";
    let secret = body.get("client_secret") ?? "";
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    if (basic) {
      const [u, p] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
      id = decodeURIComponent(u ?? "");
      secret = decodeURIComponent(p ?? "");
    }
    if (id !== clientId || secret !== clientSecret) return fail("invalid_client", 401);
    if (body.get("grant_type") !== "authorization_code") return fail("unsupported_grant_type");
    const code = body.get("code") ?? "";
    const grant = codes.get(code);
    codes.delete(code); // single use
    if (!grant || grant.clientId !== id || grant.redirectUri !== body.get("redirect_uri")) return fail("invalid_grant");
    if (grant.codeChallenge) {
      const verifier = body.get("code_verifier") ?? "";
      const computed = grant.codeChallengeMethod === "S256" ? crypto.createHash("sha256").update(verifier).digest("base64url") : verifier;
      if (computed !== grant.codeChallenge) return fail("invalid_grant");
    }
    const now = Math.floor(Date.now() / 1000);
    const [given, ...rest] = grant.name.split(" ");
    const s = grant.scenario;
    const idToken = await mint(
      {
        email: grant.email,
        email_verified: s !== "unverified",
        name: grant.name,
        given_name: given ?? "",
        family_name: rest.join(" "),
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
        ...(s === "wrong_audience" ? { aud: "someone-else.apps.googleusercontent.com" } : {}),
        ...(s === "wrong_issuer" ? { iss: "https://evil.example.com" } : {}),
        ...(s === "expired" ? { iat: now - 7200, exp: now - 3600 } : {}),
      },
      { foreignKey: s === "bad_signature" },
    );
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(
      JSON.stringify({ access_token: crypto.randomBytes(24).toString("base64url"), id_token: idToken, token_type: "Bearer", expires_in: 3599, scope: "openid email profile" }),
    );
  }

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const route = `${req.method} ${u.pathname}`;
    if (route === "GET /.well-known/openid-configuration") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          issuer: url,
          authorization_endpoint: `${url}/authorize`,
          token_endpoint: `${url}/token`,
          jwks_uri: `${url}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          scopes_supported: ["openid", "email", "profile"],
          code_challenge_methods_supported: ["plain", "S256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        }),
      );
      return;
    }
    if (route === "GET /jwks") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (route === "GET /authorize") {
      if (u.searchParams.get("client_id") !== clientId || u.searchParams.get("response_type") !== "code" || !u.searchParams.get("redirect_uri")) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end("invalid_request");
        return;
      }
      if (u.searchParams.get("login_hint")) return approve(res, u.searchParams);
      return authorizePage(res, u.searchParams);
    }
    if (route === "GET /authorize/approve") return approve(res, u.searchParams);
    if (route === "POST /token") {
      token(req, res).catch((e) => res.writeHead(500).end(String(e)));
      return;
    }
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    mint,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
