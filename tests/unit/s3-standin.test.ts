import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "~/integrations/s3.server";
import { startS3Standin, type S3Standin } from "../../scripts/s3-standin";

/**
 * The local S3 of the cluster and the tests checks signatures as S3 does (issue 37 item 8): what
 * the app's S3Storage sends passes, and an unsigned, wrongly signed, altered or expired request is
 * refused, so a signing bug in app/integrations/s3.server.ts fails here.
 */
describe("the S3 stand-in checks Signature Version 4", () => {
  const creds = { bucket: "media", accessKeyId: "KEY", secretAccessKey: "SECRET", region: "af-south-1" };
  let clock = Date.now();
  let s3: S3Standin;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-standin-"));
    s3 = await startS3Standin({ ...creds, directory: dir, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const storage = (over: Partial<typeof creds> = {}) => new S3Storage({ endpoint: s3.endpoint, ...creds, ...over });

  it("stores, reads, finds and deletes what the app signs, and serves its presigned URLs", async () => {
    clock = Date.now();
    const app = storage();
    await app.put("products/a b.webp", new Uint8Array([1, 2, 3]), "image/webp");
    expect(Array.from((await app.get("products/a b.webp"))!)).toEqual([1, 2, 3]);
    expect(await app.exists("products/a b.webp")).toBe(true);
    const url = await app.url("products/a b.webp");
    expect(url).toContain("X-Amz-Signature=");
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(Array.from(new Uint8Array(await r.arrayBuffer()))).toEqual([1, 2, 3]);
    await app.delete("products/a b.webp");
    expect(await app.get("products/a b.webp")).toBeNull();
    expect(s3.refused).toEqual({});
  });

  it("refuses unsigned requests and writes nothing", async () => {
    const put = await fetch(`${s3.endpoint}/media/products/free.webp`, { method: "PUT", body: new Uint8Array([7]) });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain("<Code>AccessDenied</Code>");
    expect((await fetch(`${s3.endpoint}/media/products/free.webp`)).status).toBe(403);
    expect(await storage().get("products/free.webp")).toBeNull();
  });

  it("refuses a wrong secret, an unknown key and another region", async () => {
    await expect(storage({ secretAccessKey: "WRONG" }).put("products/x.webp", new Uint8Array([9]), "image/webp")).rejects.toThrow(/403.*SignatureDoesNotMatch/s);
    await expect(storage({ accessKeyId: "OTHER" }).put("products/x.webp", new Uint8Array([9]), "image/webp")).rejects.toThrow(/403.*InvalidAccessKeyId/s);
    await expect(storage({ region: "us-east-1" }).put("products/x.webp", new Uint8Array([9]), "image/webp")).rejects.toThrow(/403/);
    expect(await storage().get("products/x.webp")).toBeNull();
  });

  it("refuses a signed request whose body, path or signed header was changed on the way", async () => {
    const app = storage();
    const signed = await app.signedRequest("PUT", "products/y.webp", new Uint8Array([1, 2, 3]), "image/webp");
    const headers = new Headers(signed.headers);
    const changedBody = await fetch(signed.url, { method: "PUT", headers, body: new Uint8Array([6, 6, 6]) });
    expect(changedBody.status).toBe(403);
    expect(await changedBody.text()).toContain("XAmzContentSHA256Mismatch");
    const changedPath = await fetch(signed.url.replace("y.webp", "z.webp"), { method: "PUT", headers, body: new Uint8Array([1, 2, 3]) });
    expect(changedPath.status).toBe(403);
    expect(await changedPath.text()).toContain("SignatureDoesNotMatch");
    headers.set("content-type", "text/html");
    const changedType = await fetch(signed.url, { method: "PUT", headers, body: new Uint8Array([1, 2, 3]) });
    expect(changedType.status).toBe(403);
    expect(await storage().get("products/y.webp")).toBeNull();
    expect(await storage().get("products/z.webp")).toBeNull();
  });

  it("refuses a request signed too long ago, a presigned URL for another object, and one past its expiry", async () => {
    const app = storage();
    clock = Date.now();
    await app.put("products/p.webp", new Uint8Array([5]), "image/webp");
    const url = await app.url("products/p.webp");
    expect((await fetch(url.replace("p.webp", "q.webp"))).status).toBe(403);

    const signed = await app.signedRequest("GET", "products/p.webp");
    clock = Date.now() + 20 * 60_000;
    const late = await fetch(signed.url, { headers: signed.headers });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("RequestTimeTooSkewed");

    // The app's presigned URLs are signed at the start of the hour and valid two hours.
    clock = Date.now() + 3 * 3600_000;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
    clock = Date.now();
    expect((await fetch(url)).status).toBe(200);
    expect(s3.refused.SignatureDoesNotMatch).toBeGreaterThan(0);
  });
});
