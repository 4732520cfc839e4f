import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/db/seed/catalog-data";
import { categoryRow, categorySlug, productRow, slugify, userRow } from "~/db/seed/factories";
import { isReservedSlug } from "~/domain/reserved-paths";

describe("shared factories", () => {
  it("category slugs never take a reserved top-level path", () => {
    expect(slugify("Tiles & Flooring")).toBe("tiles-and-flooring");
    expect(categorySlug("Cart")).toBe("cart-items");
    expect(categorySlug("Products")).toBe("products-items");
    expect(categorySlug("Kitchen Sinks")).toBe("kitchen-sinks");
    expect(() => categoryRow({ name: "Admin", slug: "admin" })).toThrow(/reserved/);
    expect(isReservedSlug(categoryRow({ name: "Users" }).slug)).toBe(false);
  });

  it("the demo catalogue's category slugs are free", () => {
    const slugs = CATEGORIES.flatMap((c) => [c.slug, ...c.subcategories.map((s) => s.slug)]);
    for (const s of slugs) expect(isReservedSlug(s), s).toBe(false);
  });

  it("rows have valid defaults", () => {
    const u = userRow();
    expect(u.email).toMatch(/@example\.com$/);
    expect(u.role).toBe("shopper");
    expect(u.email_verified_at).not.toBeNull();
    expect(userRow({ verified: false }).email_verified_at).toBeNull();
    const p = productRow({ store_id: 1, user_id: 1, category_id: 1, price_kobo: 500_000 });
    expect(p).toMatchObject({ selling_price_kobo: 500_000, published: true, type: "sale", size: "medium" });
  });
});
