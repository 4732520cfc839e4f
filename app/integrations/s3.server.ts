/**
 * An S3-compatible object store (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces…) behind the
 * Storage interface, with AWS Signature Version 4 done here (no SDK: three calls need ~100 lines).
 * Path-style URLs: {endpoint}/{bucket}/{key}.
 */
import crypto from "node:crypto";
import type { Storage } from "./storage.server";

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256hex = (data: string | Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
export function uriEncode(s: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(s))
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  /** YYYYMMDDTHHMMSSZ */
  amzDate: string;
}

/** Returns the Authorization header value for a request (all given headers are signed). */
export function signV4(input: SignInput): string {
  const service = input.service ?? "s3";
  const date = input.amzDate.slice(0, 8);
  const headers = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, " ")]));
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [
    input.method,
    uriEncode(decodeURIComponent(input.url.pathname), true),
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const scope = `${date}/${input.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", input.amzDate, scope, sha256hex(canonicalRequest)].join("\n");
  const kDate = hmac(`AWS4${input.secretAccessKey}`, date);
  const kRegion = hmac(kDate, input.region);
  const kService = hmac(kRegion, service);
  const kSigning = hmac(kService, "aws4_request");
  const signature = crypto.createHmac("sha256", kSigning).update(stringToSign).digest("hex");
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export class S3Storage implements Storage {
  constructor(
    private cfg: S3Config,
    private fetchImpl: typeof fetch = fetch,
  ) {}

  private async request(method: string, key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const url = new URL(`${this.cfg.endpoint.replace(/\/$/, "")}/${this.cfg.bucket}/${uriEncode(key, true)}`);
    const amzDate = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    const payloadHash = sha256hex(body ?? new Uint8Array());
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate,
      ...(contentType ? { "content-type": contentType } : {}),
    };
    const authorization = signV4({ method, url, headers, payloadHash, amzDate, ...this.cfg });
    const { host: _host, ...sendHeaders } = headers;
    return this.fetchImpl(url, { method, headers: { ...sendHeaders, authorization }, body: body ? Buffer.from(body) : undefined });
  }

  async put(key: string, data: Uint8Array, contentType: string) {
    const r = await this.request("PUT", key, data, contentType);
    if (!r.ok) throw new Error(`S3 PUT ${key} failed: ${r.status} ${await r.text()}`);
  }
  async get(key: string) {
    const r = await this.request("GET", key);
    if (r.status === 404) return null;
    if (!r.ok) throw new Error(`S3 GET ${key} failed: ${r.status}`);
    return new Uint8Array(await r.arrayBuffer());
  }
  async delete(key: string) {
    const r = await this.request("DELETE", key);
    if (!r.ok && r.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${r.status}`);
  }
}
