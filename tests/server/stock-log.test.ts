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
