/**
 * The message files as the language checks of server-rendered pages read them
 * (tests/server/i18n-*.test.ts): every message of a namespace by its dotted key, the keys a page
 * may show by mistake, and the English sentences of ours that must not show in another language.
 */
import fs from "node:fs";
import path from "node:path";
import type { Lang } from "~/i18n/languages";

const DIR = path.resolve("app/i18n/messages");

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = "", out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

/** Every message of `ns` in `lang`, by dotted key. */
export const messages = (lang: Lang, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(DIR, lang, `${ns}.json`), "utf8")) as Tree);

/** Every key of the namespaces (plural suffixes dropped too: t() is called without them). */
export const messageKeys = (namespaces: readonly string[]) =>
  new Set(namespaces.flatMap((ns) => [...messages("en", ns).keys()].flatMap((k) => [k, k.replace(/_(zero|one|two|few|many|other)$/, "")])));

/**
 * English sentences that must not show in another language: whole messages of ours with no
 * variables or markup (a sentence with {{name}} is checked through its other messages), long
 * enough not to be a word the languages share ("Email", "Total", "Order").
 */
export function englishLeaks(lang: Lang, namespaces: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of namespaces) {
    const en = messages("en", ns);
    const mine = messages(lang, ns);
    for (const [k, v] of en) {
      if (/[{}<>]/.test(v) || v.length < 12 || !v.includes(" ")) continue;
      if (mine.get(k) === v) continue; // the same in this language (a loanword, a number)
      out.set(v, `${ns}:${k}`);
    }
  }
  return out;
}

/** The page without its scripts (the inline messages are data, not text), entities decoded. */
export function shown(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** What looks like a message key on the page: one of `keys`, or `namespace:key`. */
export function rawKeys(page: string, keys: Set<string>): string[] {
  const found = new Set<string>();
  for (const m of page.matchAll(/\b(?:(common|shop|checkout|account|orders|forms|pages):)?([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)+)/g)) {
    if (m[1] || keys.has(m[2])) found.add(m[0]);
  }
  return [...found];
}

/**
 * What is wrong with pages rendered in `lang`: a wrong `<html lang>`, a message key, or an
 * English sentence of `leaks` in the text `show` gives of each page.
 */
export function pageProblems(
  lang: Lang,
  pages: Record<string, string>,
  leaks: Map<string, string>,
  show: (html: string) => string,
  keysOf: (page: string) => string[],
): string[] {
  const problems: string[] = [];
  for (const [name, html] of Object.entries(pages)) {
    if (!html.includes(`<html lang="${lang === "en" ? "en-NG" : lang}"`)) problems.push(`${name}: <html lang> is not ${lang}`);
    const page = show(html);
    for (const k of keysOf(page)) problems.push(`${name}: key ${k}`);
    for (const [english, key] of leaks) if (page.includes(english)) problems.push(`${name}: English "${english}" (${key})`);
  }
  return problems;
}
