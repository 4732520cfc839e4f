/**
 * The local S3 the cluster (scripts/cluster.ts) and the tests use: s3rver keeps the objects, and a
 * checking layer in front of it does what s3rver does not — it verifies AWS Signature Version 4 as
 * S3 does, so a signing bug in app/integrations/s3.server.ts fails a test instead of passing here
 * and failing on AWS (issue 37 item 8).
 *
 * Refused with S3's own error codes (403, XML body):
 *  - no Authorization header and no presigned query: AccessDenied;
 *  - an unknown access key: InvalidAccessKeyId;
 *  - a signature that does not match (wrong secret, a changed header, path or query, a body whose
 *    SHA-256 is not the signed x-amz-content-sha256): SignatureDoesNotMatch / XAmzContentSHA256Mismatch;
 *  - a header-signed request dated more than 15 minutes from now: RequestTimeTooSkewed;
 *  - a presigned URL past X-Amz-Date + X-Amz-Expires (at most 7 days): AccessDenied "Request has expired".
 * What passes is forwarded unchanged to s3rver (which answers as S3 would).
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";

export interface S3StandinOptions {
  /** The port to listen on (0: any free port). */
  port?: number;
  /** Where s3rver keeps the objects. */
  directory: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The clock (tests move it to check expiry and skew). */
  now?: () => Date;
}

export interface S3Standin {
  endpoint: string;
  port: number;
  /** Requests refused, by S3 error code (for tests and the cluster's log). */
  refused: Record<string, number>;
  close(): Promise<void>;
}

const SKEW_MS = 15 * 60_000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

const amzDate = (s: string | null | undefined): Date | null => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? "");
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
};

const safeEqual = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Verdict = { ok: true } | { ok: false; code: string; message: string };

/** Whether `req` (with its whole body) carries a valid SigV4 signature for these credentials. */
export async function verifySigV4(
  req: { method: string; url: string; headers: http.IncomingHttpHeaders },
  body: Buffer,
  creds: Pick<S3StandinOptions, "accessKeyId" | "secretAccessKey" | "region">,
  now: Date,
): Promise<Verdict> {
  const url = new URL(req.url, `http://${req.headers.host ?? "localhost"}`);
  const header = (n: string) => {
    const v = req.headers[n.toLowerCase()];
    return Array.isArray(v) ? v.join(",") : (v ?? "");
  };
  const auth = header("authorization");
  const presigned = url.searchParams.get("X-Amz-Algorithm");
  if (!auth && !presigned) return { ok: false, code: "AccessDenied", message: "Anonymous access is forbidden for this operation" };

  let credential: string, signedNames: string[], signature: string, datetime: string;
  if (auth) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return { ok: false, code: "AuthorizationHeaderMalformed", message: "The authorization header is malformed" };
    [credential, signedNames, signature] = [m[1], m[2].split(";"), m[3]];
    datetime = header("x-amz-date");
  } else {
    if (presigned !== "AWS4-HMAC-SHA256") return { ok: false, code: "AuthorizationQueryParametersError", message: "Unsupported algorithm" };
    credential = url.searchParams.get("X-Amz-Credential") ?? "";
    signedNames = (url.searchParams.get("X-Amz-SignedHeaders") ?? "").split(";");
    signature = url.searchParams.get("X-Amz-Signature") ?? "";
    datetime = url.searchParams.get("X-Amz-Date") ?? "";
  }
  const [keyId, day, region, service, term] = credential.split("/");
  if (keyId !== creds.accessKeyId) return { ok: false, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  const when = amzDate(datetime);
  if (!when || day !== datetime.slice(0, 8) || region !== creds.region || service !== "s3" || term !== "aws4_request" || !signedNames.includes("host")) {
    return { ok: false, code: "AuthorizationHeaderMalformed", message: "The credential scope or signed headers are not valid" };
  }
  if (auth) {
    if (Math.abs(now.getTime() - when.getTime()) > SKEW_MS) return { ok: false, code: "RequestTimeTooSkewed", message: "The difference between the request time and the current time is too large." };
    const declared = header("x-amz-content-sha256");
    if (!declared || !signedNames.includes("x-amz-content-sha256")) return { ok: false, code: "InvalidRequest", message: "Missing required header for this request: x-amz-content-sha256" };
    if (declared !== "UNSIGNED-PAYLOAD" && declared !== crypto.createHash("sha256").update(body).digest("hex")) {
      return { ok: false, code: "XAmzContentSHA256Mismatch", message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
    }
  } else {
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) return { ok: false, code: "AuthorizationQueryParametersError", message: "X-Amz-Expires must be between 1 and 604800 seconds" };
    if (now.getTime() > when.getTime() + expires * 1000) return { ok: false, code: "AccessDenied", message: "Request has expired" };
    if (when.getTime() - now.getTime() > SKEW_MS) return { ok: false, code: "AccessDenied", message: "Request is not valid yet" };
    url.searchParams.delete("X-Amz-Signature");
  }
  // Sign what arrived, the same way, and compare: any change to the method, path, query, a signed
  // header or the credentials gives another signature.
  const signed = Object.fromEntries(signedNames.filter((n) => n !== "host").map((n) => [n, header(n)]));
  const expected = await new AwsV4Signer({
    method: req.method,
    url: url.toString(),
    headers: signed,
    accessKeyId: creds.accessKeyId,
    secretAccessKey: creds.secretAccessKey,
    region: creds.region,
    service: "s3",
    datetime,
    signQuery: !auth,
    allHeaders: true,
  }).signature();
  if (!safeEqual(expected, signature)) return { ok: false, code: "SignatureDoesNotMatch", message: "The request signature we calculated does not match the signature you provided." };
  return { ok: true };
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** s3rver on a private port behind the signature check on `port`. */
export async function startS3Standin(opts: S3StandinOptions): Promise<S3Standin> {
  // @ts-expect-error s3rver ships no types
  const S3rver = (await import("s3rver")).default as unknown as new (o: object) => { run(): Promise<AddressInfo>; close(): Promise<unknown> };
  const inner = new S3rver({ port: 0, address: "127.0.0.1", directory: opts.directory, silent: true, configureBuckets: [{ name: opts.bucket, configs: [] }] });
  const innerPort = (await inner.run()).port;
  const refused: Record<string, number> = {};
  const now = opts.now ?? (() => new Date());

  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const verdict = await verifySigV4({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers }, body, opts, now());
      if (!verdict.ok) {
        refused[verdict.code] = (refused[verdict.code] ?? 0) + 1;
        res.writeHead(403, { "content-type": "application/xml" });
        return res.end(req.method === "HEAD" ? undefined : errorXml(verdict.code, verdict.message));
      }
      // s3rver checks signatures its own (lax) way with its own keys: strip ours, it has been checked.
      const headers = { ...req.headers };
      delete headers.authorization;
      const u = new URL(req.url ?? "/", "http://x");
      // (a copy of the keys: deleting while iterating the live list would skip some)
      for (const k of Array.from(u.searchParams.keys())) if (k.startsWith("X-Amz-")) u.searchParams.delete(k);
      const forward = http.request({ host: "127.0.0.1", port: innerPort, method: req.method, path: u.pathname + u.search, headers: { ...headers, "content-length": String(body.length) } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      forward.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      forward.end(body);
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    refused,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await inner.close();
    },
  };
}
