import crypto from "node:crypto";
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
