/**
 * The pieces of the catalogue cache's narrow stock invalidation (app/api/core/cache.server.ts):
 * which products an answer shows the stock of, the payload of migration 0020, and the stock log
 * that says whether a kept answer or page went stale.
 */
import { describe, expect, it } from "vitest";
import { CatalogCache, StockLog, stockChange, stockShown, unionShown } from "~/api/core/cache.server";

describe("stockShown", () => {
  it("names every object with stock by its id, at any depth", () => {
    const body = JSON.stringify({ count: 2, results: [{ id: 3, stock_quantity: 1, in_stock: true }, { id: 9, in_stock: false, store: { id: 1 } }], category: { id: 7 } });
    expect([...(stockShown(body) as Set<number>)].sort()).toEqual([3, 9]);
  });
  it("shows nothing without stock fields, and everything when an object with stock has no id", () => {
    expect((stockShown(JSON.stringify([{ id: 1, name: "x" }])) as Set<number>).size).toBe(0);
    expect(stockShown(JSON.stringify({ product: { stock_quantity: 2 } }))).toBe("all");
    expect(stockShown('{"stock_quantity": 1, oops')).toBe("all");
  });
  it("unions", () => {
    expect(unionShown(new Set([1]), "all")).toBe("all");
    expect([...(unionShown(new Set([1]), new Set([2])) as Set<number>)]).toEqual([1, 2]);
  });
});

describe("stock payloads", () => {
  it("reads stock:<ids> and nothing else", () => {
    expect([...stockChange("stock:4,12")!]).toEqual([4, 12]);
    expect(stockChange("products")).toBeNull();
    expect(stockChange("stock:4,x")).toBeNull();
    expect(stockChange("stock:")).toBeNull();
    expect(stockChange(undefined)).toBeNull();
  });
});

describe("StockLog", () => {
  it("is stale only for a change of a product shown, after the point given", () => {
    const log = new StockLog();
    const start = log.generation;
    log.record(new Set([5]));
    expect(log.stale(start, new Set([6]))).toBe(false);
    expect(log.stale(start, new Set([5, 6]))).toBe(true);
    expect(log.stale(log.generation, new Set([5]))).toBe(false);
    expect(log.stale(start, "all")).toBe(true);
    expect(log.stale(start, new Set())).toBe(false);
  });
  it("calls anything older than it remembers stale", () => {
    const log = new StockLog();
    for (let i = 0; i < StockLog.KEEP + 5; i++) log.record(new Set([1]));
    expect(log.stale(2, new Set([99]))).toBe(true);
    expect(log.stale(log.generation - 3, new Set([99]))).toBe(false);
  });
});

describe("CatalogCache with stock changes", () => {
  it("drops only the answers showing a product whose stock changed; other changes drop all", () => {
    const c = new CatalogCache();
    c.listening = true;
    const keep = (key: string, shows: Set<number>) => c.set(key, { status: 200, body: key, contentType: "application/json", shows }, c.generation, c.stock.generation);
    keep("a", new Set([1]));
    keep("b", new Set([2]));
    keep("tree", new Set());
    c.changed("stock:1");
    expect(c.get("a")).toBeUndefined();
    expect(c.get("b")?.body).toBe("b");
    expect(c.get("tree")?.body).toBe("tree");
    // Computed before a change of a product it shows: not kept.
    const g = c.generation;
    const s = c.stock.generation;
    c.changed("stock:2");
    c.set("b2", { status: 200, body: "b2", contentType: "application/json", shows: new Set([2]) }, g, s);
    expect(c.get("b2")).toBeUndefined();
    c.changed("products");
    expect(c.get("tree")).toBeUndefined();
  });
});

describe("CatalogCache size", () => {
  it("lets the least recently used answers go past 5000 answers or 32 MB, and never keeps one over 4 MB", () => {
    const c = new CatalogCache();
    c.listening = true;
    const keep = (key: string, body = key) => c.set(key, { status: 200, body, contentType: "application/json", shows: new Set() }, c.generation, c.stock.generation);
    for (let i = 0; i < 5000; i++) keep(`k${i}`);
    expect(c.size).toBe(5000);
    expect(c.get("k0")?.body).toBe("k0"); // read: now the most recently used
    keep("k5000");
    expect(c.size).toBe(5000);
    expect(c.get("k1")).toBeUndefined();
    expect(c.get("k0")?.body).toBe("k0");
    c.clear();
    keep("huge", "x".repeat(2 * 1024 * 1024 + 1)); // over 4 MB as UTF-16
    expect(c.get("huge")).toBeUndefined();
    // Eight answers of ~3.9 MB fill the 32 MB; a ninth pushes out the oldest.
    const big = "y".repeat(1_990_000);
    for (let i = 0; i < 9; i++) keep(`big${i}`, big);
    expect(c.get("big0")).toBeUndefined();
    expect(c.get("big1")?.body.length).toBe(big.length);
    expect(c.get("big8")?.body.length).toBe(big.length);
  });
});
