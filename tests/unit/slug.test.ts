/** The slugs stores and categories get in their URLs (app/domain/slug.ts), one rule for both. */
import { describe, expect, it } from "vitest";
import { categorySlugFor } from "~/domain/admin-rules";
import { slugify } from "~/domain/slug";
import { storeSlug } from "~/domain/store-rules";

describe("slugs", () => {
  it("keeps Nigerian names readable: accents dropped, & said as and, single dashes", () => {
    expect(slugify("Ọjà Ẹ̀rọ & Sons, Ìbàdàn", 60)).toBe("oja-ero-and-sons-ibadan");
    expect(storeSlug("", "Mama Ngozi's Tiles & Paints")).toBe("mama-ngozi-s-tiles-and-paints");
    expect(storeSlug("  My-Shop!! ", "ignored")).toBe("my-shop");
  });

  it("never ends with a dash after the cut, for stores and categories alike", () => {
    const name = `${"a".repeat(59)} b ${"c".repeat(30)}`;
    expect(storeSlug(name, "x")).toBe("a".repeat(59));
    const long = `${"w".repeat(79)} ${"z".repeat(10)}`;
    expect(categorySlugFor(long)).toBe("w".repeat(79));
  });

  it("falls back when nothing is left, and keeps categories off the app's own paths", () => {
    expect(storeSlug("!!!", "???")).toBe("store");
    expect(categorySlugFor("¿¡")).toBe("category");
    expect(categorySlugFor("Cart")).toBe("cart-items");
  });
});
