import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { S3Storage } from "~/integrations/s3.server";

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

describe("S3 signature version 4 (aws4fetch)", () => {
  it("matches AWS's published example (GET Object with a Range header)", async () => {
    // From the S3 API reference, "Signature Calculations for the Authorization Header: Example GET Object".
    const signer = new AwsV4Signer({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { range: "bytes=0-9", "x-amz-content-sha256": EMPTY_SHA256 },
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
      service: "s3",
      datetime: "20130524T000000Z",
      // AWS's example signs Range, which aws4fetch leaves unsigned by default.
      allHeaders: true,
    });
    expect(await signer.authHeader()).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("matches AWS's published example for a PUT Object (payload hash signed)", async () => {
    // Same reference, "Example: PUT Object": body "Welcome to Amazon S3.", storage class header.
    const body = new TextEncoder().encode("Welcome to Amazon S3.");
    const signer = new AwsV4Signer({
      method: "PUT",
      url: "https://examplebucket.s3.amazonaws.com/test%24file.text",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": crypto.createHash("sha256").update(body).digest("hex"),
      },
      body,
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
      service: "s3",
      datetime: "20130524T000000Z",
      allHeaders: true,
    });
    expect(await signer.authHeader()).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("sends aws4fetch's signature over the exact bytes, and stores, reads and deletes objects", async () => {
    const objects = new Map<string, Buffer>();
    const seen: { line: string; verified: boolean }[] = [];
    let port = 0;
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      // The stand-in checks the request as S3 would: the payload hash is the body's, and
      // re-signing what arrived (same date, same headers) with the secret gives the same header.
      const h = req.headers as Record<string, string>;
      const signedNames = /SignedHeaders=([^,]+)/.exec(h.authorization ?? "")?.[1].split(";") ?? [];
      const signedHeaders = Object.fromEntries(signedNames.filter((n) => n !== "host").map((n) => [n, h[n] ?? ""]));
      const expected = await new AwsV4Signer({
        method: req.method,
        url: `http://127.0.0.1:${port}${req.url}`,
        headers: signedHeaders,
        body: body.length ? body : undefined,
        accessKeyId: "KEY",
        secretAccessKey: "SECRET",
        region: "af-south-1",
        service: "s3",
        datetime: h["x-amz-date"],
        allHeaders: true,
      }).authHeader();
      const hashOk = h["x-amz-content-sha256"] === crypto.createHash("sha256").update(body).digest("hex");
      const verified = hashOk && h.authorization === expected && signedNames.includes("x-amz-content-sha256") && signedNames.includes("host");
      seen.push({ line: `${req.method} ${req.url} ${h.authorization?.slice(0, 16)}`, verified });
      if (!verified) {
        res.statusCode = 403;
        return res.end("SignatureDoesNotMatch");
      }
      const key = req.url!;
      if (req.method === "PUT") objects.set(key, body);
      if (req.method === "DELETE") objects.delete(key);
      if (req.method === "GET" && !objects.has(key)) res.statusCode = 404;
      res.end(req.method === "GET" ? objects.get(key) : undefined);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
    try {
      const s3 = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, bucket: "media", accessKeyId: "KEY", secretAccessKey: "SECRET", region: "af-south-1" });
      await s3.put("products/a b.webp", new Uint8Array([1, 2, 3]), "image/webp");
      expect(Array.from((await s3.get("products/a b.webp"))!)).toEqual([1, 2, 3]);
      await s3.delete("products/a b.webp");
      expect(await s3.get("products/a b.webp")).toBeNull();
      expect(seen[0].line).toMatch(/^PUT \/media\/products\/a%20b\.webp AWS4-HMAC-SHA256/);
      expect(seen.every((s) => s.verified)).toBe(true);

      // A wrong secret is refused by the stand-in (so the check above can fail).
      const wrong = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, bucket: "media", accessKeyId: "KEY", secretAccessKey: "WRONG", region: "af-south-1" });
      await expect(wrong.put("products/x.webp", new Uint8Array([9]), "image/webp")).rejects.toThrow(/403/);
    } finally {
      server.close();
    }
  });

  it("signs the payload hash into the request it sends", async () => {
    const s3 = new S3Storage({ endpoint: "https://s3.example.com", bucket: "media", accessKeyId: "KEY", secretAccessKey: "SECRET", region: "eu-west-1" });
    const req = await s3.signedRequest("PUT", "products/p.webp", new Uint8Array([1, 2, 3]), "image/webp");
    expect(req.url).toBe("https://s3.example.com/media/products/p.webp");
    expect(req.headers.get("x-amz-content-sha256")).toBe(crypto.createHash("sha256").update(new Uint8Array([1, 2, 3])).digest("hex"));
    expect(req.headers.get("authorization")).toMatch(
      /^AWS4-HMAC-SHA256 Credential=KEY\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});

describe("object URLs for browsers (media served from the bucket)", () => {
  const cfg = { endpoint: "http://127.0.0.1:9000", bucket: "media", accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };

  it("is under S3_PUBLIC_URL when the bucket is public", async () => {
    const s = new S3Storage({ ...cfg, publicUrl: "https://cdn.example.ng/media/" });
    expect(await s.url("products/ab12 cd.webp")).toBe("https://cdn.example.ng/media/products/ab12%20cd.webp");
    expect(s.origin()).toBe("https://cdn.example.ng");
  });

  it("is presigned otherwise: the same URL all hour, valid two hours, for GET only", async () => {
    const s = new S3Storage(cfg);
    const a = new URL(await s.url("products/x.webp", new Date("2026-11-25T15:05:00Z")));
    const b = new URL(await s.url("products/x.webp", new Date("2026-11-25T15:59:59Z")));
    const c = new URL(await s.url("products/x.webp", new Date("2026-11-25T16:00:01Z")));
    expect(`${a.origin}${a.pathname}`).toBe("http://127.0.0.1:9000/media/products/x.webp");
    expect(a.searchParams.get("X-Amz-Date")).toBe("20261125T150000Z");
    expect(a.searchParams.get("X-Amz-Expires")).toBe("7200");
    expect(a.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(b.toString()).toBe(a.toString());
    expect(c.toString()).not.toBe(a.toString());
    expect(s.origin()).toBe("http://127.0.0.1:9000");
  });
});
