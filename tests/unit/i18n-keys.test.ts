/**
 * Every message file of app/i18n/messages agrees with every other: the same keys in all five
 * languages (plural keys by the language's own plural forms), no empty text, the same
 * {{variables}} and <tags> as English. A key added in one language only fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "~/i18n/languages";

const DIR = path.resolve("app/i18n/messages");
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else if (v && typeof v === "object") for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v as unknown as string);
  }
  return out;
}

function read(lang: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(DIR, lang, `${ns}.json`), "utf8")) as Tree);
}

/** The plural suffixes i18next looks up for a language (it asks Intl.PluralRules too). */
function pluralForms(lang: string): string[] {
  return new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
}

/** A key without its plural suffix: "cart.itemCount_one" → "cart.itemCount". */
const base = (key: string) => key.replace(PLURAL, "");
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();

describe("message files", () => {
  it("has a file per language and namespace, and no other", () => {
    for (const lang of LANGUAGES) {
      const files = fs.readdirSync(path.join(DIR, lang)).filter((f) => f.endsWith(".json")).sort();
      expect(files, lang).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
    expect(fs.readdirSync(DIR).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const ns of NAMESPACES) {
    describe(ns, () => {
      const files = Object.fromEntries(LANGUAGES.map((l) => [l, read(l, ns)]));
      // The keys as written, plural forms folded: what every language must say.
      const bases = new Set(LANGUAGES.flatMap((l) => [...files[l].keys()].map(base)));
      const plural = new Set(LANGUAGES.flatMap((l) => [...files[l].keys()].filter((k) => PLURAL.test(k)).map(base)));

      it("says every message in every language", () => {
        const missing: string[] = [];
        for (const lang of LANGUAGES) {
          for (const key of bases) {
            if (plural.has(key)) {
              for (const form of pluralForms(lang)) if (!files[lang].has(`${key}_${form}`)) missing.push(`${lang}: ${key}_${form}`);
            } else if (!files[lang].has(key)) missing.push(`${lang}: ${key}`);
          }
        }
        expect(missing).toEqual([]);
      });

      it("has no empty or non-text message", () => {
        const bad: string[] = [];
        for (const lang of LANGUAGES) for (const [k, v] of files[lang]) if (typeof v !== "string" || v.trim() === "") bad.push(`${lang}: ${k}`);
        expect(bad).toEqual([]);
      });

      it("uses the same {{variables}} and <tags> as English", () => {
        const wrong: string[] = [];
        for (const lang of LANGUAGES) {
          if (lang === "en") continue;
          for (const [k, v] of files[lang]) {
            const en = files.en.get(k) ?? files.en.get(`${base(k)}_other`);
            if (en === undefined || typeof v !== "string") continue;
            // A plural form may leave out the count ("one star"), never add a variable English lacks.
            const want = variables(en).filter((x) => !(PLURAL.test(k) && x === "count"));
            const have = variables(v).filter((x) => !(PLURAL.test(k) && x === "count"));
            if (JSON.stringify(want) !== JSON.stringify(have)) wrong.push(`${lang}: ${k} has {{${have.join(",")}}}, English {{${want.join(",")}}}`);
            if (JSON.stringify(tags(en)) !== JSON.stringify(tags(v))) wrong.push(`${lang}: ${k} has ${tags(v).join("")}, English ${tags(en).join("")}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    });
  }
});
