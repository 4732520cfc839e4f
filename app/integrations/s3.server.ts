/**
 * An S3-compatible object store (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces…) behind the
 * Storage interface. Requests are signed with AWS Signature Version 4 by aws4fetch; the payload
 * hash is signed too (x-amz-content-sha256), not UNSIGNED-PAYLOAD. Path-style URLs:
 * {endpoint}/{bucket}/{key}.
 */
import crypto from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { Storage } from "./storage.server";

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Base URL where the bucket's objects are publicly readable (`{publicUrl}/{key}`); unset = presigned GET URLs. */
  publicUrl?: string;
}

/** Presigned URLs are signed at the start of the hour and valid two hours: one URL per object an hour, so browsers and CDNs can keep it. */
export const PRESIGN_SECONDS = 7200;

const sha256hex = (data: Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");

/** The object URL: each key segment percent-encoded, slashes kept. */
export function objectUrl(cfg: Pick<S3Config, "endpoint" | "bucket">, key: string): URL {
  const path = key.split("/").map(encodeURIComponent).join("/");
  return new URL(`${cfg.endpoint.replace(/\/$/, "")}/${encodeURIComponent(cfg.bucket)}/${path}`);
}

export class S3Storage implements Storage {
  private client: AwsClient;

  constructor(
    private cfg: S3Config,
    private fetchImpl: typeof fetch = fetch,
  ) {
    // Retries are ours to decide (none): aws4fetch's own fetch() would retry 5xx ten times.
    this.client = new AwsClient({ accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, region: cfg.region, service: "s3", retries: 0 });
  }

  /** The signed request for one object operation (what `put`/`get`/`delete` send). */
  signedRequest(method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, contentType?: string): Promise<Request> {
    const headers: Record<string, string> = { "x-amz-content-sha256": sha256hex(body ?? new Uint8Array()) };
    if (contentType) headers["content-type"] = contentType;
    // allHeaders: sign Content-Type too (aws4fetch leaves it out by default); we set no others.
    return this.client.sign(objectUrl(this.cfg, key).toString(), { method, headers, body: body ? Buffer.from(body) : undefined, aws: { allHeaders: true } });
  }

  private async request(method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    return this.fetchImpl(await this.signedRequest(method, key, body, contentType));
  }

  /**
   * The URL a browser reads the object at, straight from the bucket: under `publicUrl`, or a
   * presigned GET (signed at the start of the current hour, valid PRESIGN_SECONDS).
   */
  async url(key: string, now = new Date()): Promise<string> {
    const path = key.split("/").map(encodeURIComponent).join("/");
    if (this.cfg.publicUrl) return `${this.cfg.publicUrl.replace(/\/$/, "")}/${path}`;
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const u = objectUrl(this.cfg, key);
    u.searchParams.set("X-Amz-Expires", String(PRESIGN_SECONDS));
    const signed = await this.client.sign(u.toString(), { method: "GET", aws: { signQuery: true, datetime: hour.toISOString().replace(/[:-]|\.\d{3}/g, "") } });
    return signed.url;
  }

  /** The bucket's origin (for the Content-Security-Policy's img-src). */
  origin(): string {
    return new URL(this.cfg.publicUrl ?? this.cfg.endpoint).origin;
  }

  async exists(key: string): Promise<boolean> {
    const r = await this.fetchImpl(await this.client.sign(objectUrl(this.cfg, key).toString(), { method: "HEAD", headers: { "x-amz-content-sha256": sha256hex(new Uint8Array()) } }));
    if (r.status === 404) return false;
    if (!r.ok) throw new Error(`S3 HEAD ${key} failed: ${r.status}`);
    return true;
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
