import { describe, expect, it } from "vitest";
import { migrate } from "~/db/client.server";
import { engines, useApi } from "./harness";

describe.each(engines())("API framework on %s", (engine) => {
  const api = useApi(engine);

  it("answers a preflight on any path with 2xx, the allowed methods and headers, and a max age", async () => {
    for (const path of ["/products/", "/carts/abc/merge/1", "/no/such/path/"]) {
      const r = await api.fetch(path, {
        method: "OPTIONS",
        headers: { origin: "https://spa.example.com", "access-control-request-method": "POST" },
      });
      expect(r.status).toBeGreaterThanOrEqual(200);
      expect(r.status).toBeLessThan(300);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("access-control-allow-methods")).toMatch(/PATCH/);
      expect(r.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
      expect(Number(r.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    }
  });

  it("sends CORS headers on errors too, with DRF's exact 404 body", async () => {
    const r = await api.call("/products/999999/");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    const unknown = await api.call("/definitely/not/here/");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Not found." });
  });

  it("answers with and without the trailing slash, never redirecting", async () => {
    const a = await api.fetch("/products/categories/root_categories/");
    const b = await api.fetch("/products/categories/root_categories");
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
  });

  it("ignores a bad bearer token on public endpoints", async () => {
    const r = await api.call("/products/", { token: "not-a-jwt" });
    expect(r.status).toBe(200);
  });

  it("answers 405 in DRF style for a method a path does not take", async () => {
    const r = await api.call("/products/categories/root_categories/", { method: "DELETE" });
    expect(r.status).toBe(405);
    expect(r.body.detail).toBe('Method "DELETE" not allowed.');
  });

  it("lists categories paginated and root/subcategories as bare arrays", async () => {
    const all = await api.call("/products/categories/");
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(["count", "next", "previous", "results"]);
    const roots = await api.call("/products/categories/root_categories/");
    expect(Array.isArray(roots.body)).toBe(true);
    expect(roots.body.length).toBeGreaterThanOrEqual(4);
    expect(roots.body.every((c: { parent: unknown }) => c.parent === null)).toBe(true);
    expect(roots.body.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["Building Materials", "Professional & Handyman Services", "Electronics", "Logistics"]),
    );
    const subs = await api.call(`/products/categories/${roots.body[0].id}/subcategories/`);
    expect(Array.isArray(subs.body)).toBe(true);
    expect(subs.body.length).toBeGreaterThan(0);
    expect(subs.body.every((c: { parent: number }) => c.parent === roots.body[0].id)).toBe(true);
  });

  it("pages products with count/next/previous and the product shape clients rely on", async () => {
    const p1 = await api.call("/products/?page_size=5");
    expect(p1.status).toBe(200);
    expect(p1.body.results).toHaveLength(5);
    expect(p1.body.count).toBeGreaterThanOrEqual(300);
    expect(p1.body.previous).toBeNull();
    expect(p1.body.next).toMatch(/page=2/);
    const p2 = await api.call(p1.body.next);
    expect(p2.body.previous).not.toBeNull();
    const ids1 = p1.body.results.map((p: { id: number }) => p.id);
    expect(p2.body.results.some((p: { id: number }) => ids1.includes(p.id))).toBe(false);
    const prod = p1.body.results[0];
    expect(prod.type === "sale" || prod.type === "rent").toBe(true);
    expect(typeof prod.selling_price).toBe("number");
    expect(typeof prod.price).toBe("number");
    expect(prod.published).toBe(true);
    expect(prod.images.length).toBeGreaterThan(0);
    expect(Object.values(prod.images[0])[0]).toMatch(/^http/);
    const segs = prod.category.split("/").filter(Boolean);
    expect(Number(segs[segs.length - 1])).toBe(prod.category_id);
    expect(prod.category).toMatch(/\/products\/categories\/\d+\/$/);
  });

  it("answers 404 for a page past the end", async () => {
    const r = await api.call("/products/?page=9999");
    expect(r.status).toBe(404);
  });

  it("publishes an OpenAPI document generated from the route table", async () => {
    const r = await api.call("/schema/");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(["/products/", "/products/categories/{id}/subcategories/"]));
  });

  it("re-running the migrations changes nothing", async () => {
    expect(await migrate(api.db)).toEqual([]);
    const r = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations");
    expect(r.rows[0].n).toBeGreaterThan(0);
  });
});
