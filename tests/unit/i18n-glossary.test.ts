import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES, type Lang } from "~/i18n/languages";

/*
 * The glossary's rules (docs/i18n/glossary.md), checked on every message file: the spellings it
 * forbids, the letters Hausa words need, and one term per concept across the pages.
 */
type Tree = { [k: string]: unknown };
function messages(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, at: string) => {
    if (typeof node === "string") out.set(at, node);
    else if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}.${i}`));
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node as Tree)) walk(v, at ? `${at}.${k}` : k);
  };
  for (const ns of NAMESPACES) {
    const file = path.resolve("app/i18n/messages", lang, `${ns}.json`);
    if (fs.existsSync(file)) walk(JSON.parse(fs.readFileSync(file, "utf8")), `${ns}:`.slice(0, -1) + ":");
  }
  return new Map([...out].map(([k, v]) => [k.replace(/^(\w+):\./, "$1:"), v]));
}

/**
 * Words a language's glossary rules out, and why (`only`: in these namespaces only). The dates'
 * CLDR words (common:dates) are CLDR's.
 */
const FORBIDDEN: Partial<Record<Lang, { re: RegExp; why: string; only?: string[] }[]>> = {
  pcm: [
    { re: /\b(?:dis|dat)\b/i, why: "English spelling for English words: this, that (not dis, dat)" },
    { re: /Market money|Find market|\{\{n\}\} market/, why: "Subtotal, Search products, N products: the words Nigerians use online" },
  ],
  yo: [
    { re: /[Àà]ṣẹ̀/, why: "filter, the loanword (Àṣẹ̀ reads as àṣẹ, a command)" },
    { re: /[Ìì]jápọ̀|[Ll]íǹkì/, why: "one word for a link: link" },
  ],
  ha: [
    { re: /\b[Hh]akkok|\b[Bb]ukat/, why: "the hooked letters: haƙƙoƙi, buƙata" },
    { re: /ƴ/, why: "Nigerian spelling: 'yan (ƴ is Niger's)" },
    {
      re: /(^|[.!?:]\s+)Kun? /,
      why: "pages and their form messages speak to the shopper as ka (ku is for the order e-mails and SMS)",
      only: ["common", "shop", "checkout", "account", "orders", "forms", "pages", "seller"],
    },
  ],
  ig: [
    { re: /nnyefe|okwuntughe/i, why: "delivery and password, the words shoppers say" },
    { re: /\bIchefuru\b/, why: "I chefuru (the pronoun apart)" },
    { re: /na-esi \{\{state\}\}$/, why: "a finished sentence: ọ na-esi {{state}} eziga" },
    { re: /[Nn]jikọ(?! nwere nzuzo)/, why: "one word for a link: link (njikọ only for a secure connection, HTTPS)" },
  ],
};

/** Keys that name one concept: in each language they say it with one word. */
const ONE_TERM: { concept: string; keys: string[] }[] = [
  { concept: "notifications", keys: ["common:header.notifications", "account:titles.notifications", "account:menu.notifications", "account:notifications.title"] },
  { concept: "subtotal", keys: ["checkout:summary.subtotal", "shop:cart.subtotal"] },
  { concept: "store (the seller's own)", keys: ["common:header.storeOwner", "seller:shell.storeLabel"] },
  { concept: "become a vendor", keys: ["common:header.storeGuest", "seller:wizard.create"] },
];

describe("the glossary's rules", () => {
  for (const lang of LANGUAGES) {
    const all = messages(lang);
    it(`${lang}: uses no spelling the glossary forbids`, () => {
      const found: string[] = [];
      for (const [key, text] of all) {
        if (key.startsWith("common:dates.")) continue;
        const ns = key.split(":")[0];
        for (const rule of FORBIDDEN[lang] ?? []) if ((!rule.only || rule.only.includes(ns)) && rule.re.test(text)) found.push(`${key}: ${rule.why}: ${text.slice(0, 80)}`);
      }
      expect(found).toEqual([]);
    });

    it(`${lang}: says each concept with one term`, () => {
      for (const { concept, keys } of ONE_TERM) {
        const said = new Set(keys.map((k) => all.get(k)));
        expect(said.has(undefined), `${concept}: a key is missing`).toBe(false);
        expect([...said], concept).toHaveLength(1);
      }
    });
  }

  it("catches what it is for", () => {
    expect(FORBIDDEN.pcm![0].re.test("We no fit cancel dis item")).toBe(true);
    expect(FORBIDDEN.pcm![0].re.test("We no fit cancel this item")).toBe(false);
    expect(FORBIDDEN.ha![0].re.test("Hakkokinka")).toBe(true);
    expect(FORBIDDEN.ha![0].re.test("Haƙƙoƙinka")).toBe(false);
    expect(FORBIDDEN.ig![0].re.test("Ụgwọ nnyefe")).toBe(true);
    expect(FORBIDDEN.ha![2].re.test("Lambar ta ƙare. Ku nemi sabuwa.")).toBe(true);
    expect(FORBIDDEN.ha![2].re.test("Lambar ta ƙare. Ka nemi sabuwa.")).toBe(false);
  });
});
