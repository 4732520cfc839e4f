/**
 * Category names in the reader's language (decision 0030): every seeded category has its name in
 * all five `categories` message files, English's being the seed's own; a category the files do
 * not know (added by an admin later) keeps the API's name.
 */
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/db/seed/catalog-data";
import { LANGUAGES } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import { categoryNamer } from "~/storefront/catalog.server";

const seeded = CATEGORIES.flatMap((root) => [{ slug: root.slug, name: root.name }, ...root.subcategories.map((s) => ({ slug: s.slug, name: s.name }))]);

describe("category names", () => {
  it("has English's names as the seed writes them", () => {
    const en = resources.en.categories as Record<string, string>;
    expect(Object.fromEntries(seeded.map((c) => [c.slug, en[c.slug]]))).toEqual(Object.fromEntries(seeded.map((c) => [c.slug, c.name])));
  });

  it.each([...LANGUAGES])("names every seeded category in %s", (lang) => {
    const mine = resources[lang].categories as Record<string, string>;
    expect(seeded.filter((c) => !mine[c.slug]?.trim()).map((c) => c.slug)).toEqual([]);
  });

  it("says a name in the reader's language, and the API's name for a category the files do not know", () => {
    expect(categoryNamer("ha")("cement-concrete", "Cement & Concrete")).toBe("Siminti da kankare");
    expect(categoryNamer("yo")("doors-windows", "Doors & Windows")).toBe("Ilẹ̀kùn àti fèrèsé");
    expect(categoryNamer("ig")("garden-tools", "Garden Tools")).toBe("Garden Tools");
    // English is the API's own name (an admin's rename shows at once).
    expect(categoryNamer("en")("cement-concrete", "Cement and Concrete")).toBe("Cement and Concrete");
  });
});
