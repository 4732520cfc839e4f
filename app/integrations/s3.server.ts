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
}

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
