/**
 * Counted texts pick their plural form without Intl (app/i18n/plurals.ts), and the form is the one
 * CLDR (Node's Intl.PluralRules) gives for each of the shop's languages.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageI18n } from "~/i18n/i18next.server";
import { LANGUAGES } from "~/i18n/languages";
import { PLURAL_RULES } from "~/i18n/plurals";

afterEach(() => vi.restoreAllMocks());

describe("plural forms", () => {
  it.each([...LANGUAGES])("%s: the same form as CLDR for 0, 1, 2, 5, 21 and 1.5", (lang) => {
    const cldr = new Intl.PluralRules(lang);
    // Only where Node knows the language itself (not a fallback to the root locale).
    if (!cldr.resolvedOptions().locale.startsWith(lang)) return;
    for (const n of [0, 1, 2, 5, 21, 1.5]) expect(PLURAL_RULES[lang].select(n), `${lang} ${n}`).toBe(cldr.select(n));
  });

  it("a page's counted text does not start Intl, and says 1 product / 2 products", async () => {
    const i18n = await createPageI18n("en", ["shop"]);
    const spy = vi.spyOn(Intl, "PluralRules");
    expect(i18n.t("shop:listing.count", { count: 1, n: "1" })).toBe("1 product");
    expect(i18n.t("shop:listing.count", { count: 2, n: "2" })).toBe("2 products");
    expect(spy).not.toHaveBeenCalled();
  });
});
