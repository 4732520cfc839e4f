/**
 * Access and refresh tokens (app/api/tokens.server.ts): a token checked once is kept by the
 * process, and a kept token counts exactly as long as a fresh check would let it: not past its
 * expiry, not as the other kind of token, and a token that is not the one signed never counts.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TTL_SECONDS, signAccess, signRefresh, verifyToken } from "~/api/tokens.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("verifyToken", () => {
  it("answers the same for a token checked before, until its expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-26T08:00:00Z");
    vi.setSystemTime(start);
    const { token } = await signAccess(42, start.getTime(), 3);
    const first = await verifyToken(token, "access");
    expect(first).toMatchObject({ userId: 42, version: 3 });
    expect(await verifyToken(token, "access")).toEqual(first);
    // Kept, but still an access token only.
    expect(await verifyToken(token, "refresh")).toBeNull();
    vi.setSystemTime(start.getTime() + (ACCESS_TTL_SECONDS - 1) * 1000);
    expect(await verifyToken(token, "access")).toEqual(first);
    vi.setSystemTime(start.getTime() + (ACCESS_TTL_SECONDS + 1) * 1000);
    expect(await verifyToken(token, "access")).toBeNull();
  });

  it("refuses a token changed after signing, even when the signed one was checked", async () => {
    const { token } = await signRefresh(7);
    expect(await verifyToken(token, "refresh")).toMatchObject({ userId: 7, version: 0 });
    const [h, p, sig] = token.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...payload, user_id: 1 })).toString("base64url"), sig].join(".");
    expect(await verifyToken(forged, "refresh")).toBeNull();
    const flipped = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect(await verifyToken(flipped, "refresh")).toBeNull();
    expect(await verifyToken(token, "refresh")).toMatchObject({ userId: 7 });
  });
});
