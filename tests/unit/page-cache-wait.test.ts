/**
 * Who waits for whose render in the page cache (app/ops/page-cache.server.ts): visitors of a page
 * being rendered wait for that render and get the kept page, but nobody waits for a render that
 * the cache cannot serve them from (a page whose last render was not kept, or an API answer).
 * The catalogue cache under it is a stand-in that is always listening and never changes.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("~/db/client.server", () => ({ getDb: async () => ({}) }));
vi.mock("~/api/core/cache.server", () => ({
  catalogCacheFor: async () => ({ listening: true, generation: 1, stock: { generation: 0, stale: () => false } }),
}));
vi.mock("~/storefront/api.server", () => ({ pageShows: async () => "none", pageShowedDelivery: async () => false }));

const { cachedPage, keepPage, pageDone } = await import("~/ops/page-cache.server");

const request = (path: string) => ({ method: "GET", url: `http://shop.test${path}`, header: () => undefined });
const ask = (context: object, path: string) => cachedPage(context, request(path), "nonce-abcdef", "req-123456");

/** Whether a promise has settled once everything already queued has run (no timers involved). */
async function settledNow<T>(p: Promise<T>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

let n = 0;
beforeEach(() => {
  n++;
});

describe("waiting for another visitor's render", () => {
  it("a visitor of a page being rendered waits for it and then gets the kept page", async () => {
    const path = `/kept-${n}`;
    const first = {};
    expect(await ask(first, path)).toBeNull(); // renders it
    const second = ask({}, path);
    expect(await settledNow(second)).toBe(false);
    keepPage(first, "<html>nonce-abcdef req-123456 page</html>", "nonce-abcdef", "req-123456", '"e1"', new Headers({ "Content-Type": "text/html" }));
    const answer = await second;
    expect(answer?.status).toBe(200);
    expect(answer?.headers["X-Page-Cache"]).toBe("hit");
  });

  it("nobody waits for a render of a page whose last render was not kept", async () => {
    const path = `/not-kept-${n}`;
    const first = {};
    expect(await ask(first, path)).toBeNull();
    const second = ask({}, path);
    expect(await settledNow(second)).toBe(false); // not known yet: waits once
    pageDone(first); // answered without being kept (an error page, a cookie set, a resource)
    expect(await second).toBeNull();
    // The second visitor renders it now; a third does not wait for that render.
    const third = ask({}, path);
    expect(await settledNow(third)).toBe(true);
    expect(await third).toBeNull();
  });

  it("an API answer is never looked up, so never waits", async () => {
    const path = `/api/v1/products/?search=cement-${n}`;
    expect(await ask({}, path)).toBeNull();
    const second = ask({}, path);
    expect(await settledNow(second)).toBe(true);
    expect(await second).toBeNull();
  });
});
