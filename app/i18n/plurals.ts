/**
 * Plural forms of the shop's languages without Intl. i18next asks `Intl.PluralRules` for a
 * count's form, and the first Intl call starts ICU: tens of milliseconds of main thread on a low-end
 * phone, in the middle of hydration (tests/e2e/hydration.spec.ts keeps pages free of it). The
 * five languages have simple cardinal rules (CLDR): English, Hausa and Pidgin say "one" for 1
 * (Pidgin for 0 too), Yorùbá and Igbo have one form. On the server they are put into i18next's
 * rule cache before any count is translated; the browser's translator (./translate) asks them
 * directly, so both sides pick the same form.
 */
import type { i18n as I18n } from "i18next";
import { LANGUAGES, type Lang } from "./languages";

type Category = "one" | "other";
interface Rule {
  select(count: number): Category;
  resolvedOptions(): { pluralCategories: Category[] };
}

const rule = (one: (n: number) => boolean): Rule => ({
  select: (n) => (one(Math.abs(n)) ? "one" : "other"),
  resolvedOptions: () => ({ pluralCategories: ["one", "other"] }),
});
const single: Rule = { select: () => "other", resolvedOptions: () => ({ pluralCategories: ["other"] }) };

export const PLURAL_RULES: Record<Lang, Rule> = {
  en: rule((n) => n === 1),
  ha: rule((n) => n === 1),
  // CLDR pcm: i = 0 or n = 1.
  pcm: rule((n) => n === 1 || (Number.isInteger(n) && n === 0) || (n > 0 && n < 1)),
  yo: single,
  ig: single,
};

/** Fills the instance's plural-rule cache (keyed as i18next's PluralResolver keys it). */
export function seedPluralRules(i18n: I18n) {
  const resolver = i18n.services.pluralResolver as unknown as { pluralRulesCache?: Record<string, Rule> };
  if (!resolver?.pluralRulesCache) return;
  for (const lang of LANGUAGES) resolver.pluralRulesCache[JSON.stringify({ cleanedCode: lang, type: "cardinal" })] = PLURAL_RULES[lang];
}
