/**
 * "No English on this page" for the language walks (issue 38): the English texts a page may show
 * are the English message files' (by namespace, or one section of one), paired with the same key in
 * the reader's language. A page leaks English when a visible text holds a fixed part (6 letters or
 * more around the {{values}}) of an English message that its own language says differently (and
 * writes in none of its messages), or,
 * outside Pidgin (which shares most words with English), an English word of those messages that the
 * language's own messages never use and the allow-list (brand names, loanwords, values) does not name.
 */
import fs from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import type { Lang } from "~/i18n/languages";

type Tree = { [k: string]: string | Tree };
export const readMessages = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(`app/i18n/messages/${lang}/${ns}.json`, "utf8")) as Tree;
/** One message by dotted key ("order.markAs.Confirmed"). */
export const message = (lang: Lang, ns: string, key: string): string => {
  const found = key.split(".").reduce<string | Tree | undefined>((t, k) => (t && typeof t === "object" ? t[k] : undefined), readMessages(lang, ns));
  if (typeof found !== "string") throw new Error(`no message ${lang}/${ns}:${key}`);
  return found;
};
export const fill = (text: string, vars: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
const plain = (text: string) => text.replace(/<\/?\w+>/g, "");

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

export interface Pair {
  en: string;
  own: string;
}

/** English and the reader's words of every message in `sources` ("shop", or "seller:order" for one section). */
export function messagePairs(lang: Lang, sources: string[]): Pair[] {
  return sources.flatMap((source) => {
    const [ns, section] = source.split(":");
    const pick = (l: Lang) => {
      const tree = readMessages(l, ns);
      return section ? (tree[section] as Tree) : tree;
    };
    const own = new Map(leaves(pick(lang)));
    return leaves(pick("en")).map(([k, en]) => ({ en: plain(en), own: plain(own.get(k) ?? "") }));
  });
}

/** The texts a reader sees in `scope` (text, aria-label, alt, placeholder, title), leaving out what `exclude` matches. */
export async function visibleTexts(scope: Locator, exclude: string[] = []): Promise<string[]> {
  return scope.evaluate((root, skip) => {
    const out: string[] = [];
    for (const e of [root, ...root.querySelectorAll<HTMLElement>("*")] as HTMLElement[]) {
      if (skip.some((s) => e.closest(s))) continue;
      if (e.tagName === "SCRIPT" || e.tagName === "STYLE" || e.tagName === "TEMPLATE") continue;
      if (e.offsetParent === null && e.getClientRects().length === 0) continue;
      for (const n of e.childNodes) if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent?.trim() ?? "");
      for (const a of ["aria-label", "alt", "placeholder", "title"]) out.push(e.getAttribute(a) ?? "");
    }
    return out.filter((t) => t.length > 0);
  }, exclude);
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);

/** The English found in `shown` (see the module's comment). */
export function englishLeaks(shown: string[], pairs: Pair[], lang: Lang, allow: ReadonlySet<string>): string[] {
  const leaks = new Set<string>();
  // A part the language itself writes in another of its messages is its own wording (Pidgin's "Delivery to").
  const ownAll = pairs.map((p) => p.own).join("\n");
  for (const { en, own } of pairs) {
    if (en === own) continue;
    for (const part of en.split(/\{\{\w+\}\}/).map((p) => p.trim()).filter((p) => p.replace(/[^\p{L}]/gu, "").length >= 6)) {
      if (own.includes(part) || ownAll.includes(part)) continue;
      for (const t of shown) if (t.includes(part)) leaks.add(`"${part}" in "${t}"`);
    }
  }
  if (lang !== "pcm") {
    const ownWords = new Set(pairs.flatMap((p) => words(p.own)));
    const english = new Set(pairs.flatMap((p) => words(p.en)).filter((w) => w.length >= 3 && !allow.has(w) && !ownWords.has(w)));
    for (const t of shown) for (const w of words(t)) if (english.has(w)) leaks.add(`word "${w}" in "${t}"`);
  }
  return [...leaks];
}

/** Fails with the English found on the page (its body, or `scope`). */
export async function expectNoEnglish(page: Page, lang: Lang, sources: string[], allow: ReadonlySet<string>, opts: { scope?: Locator; exclude?: string[]; where?: string } = {}) {
  const shown = await visibleTexts(opts.scope ?? page.locator("body"), opts.exclude);
  expect(englishLeaks(shown, messagePairs(lang, sources), lang, allow), `English on ${opts.where ?? page.url()} (${lang})`).toEqual([]);
}

/** The footer switch's cookie, as the server writes it (a remix cookie: base64 of the JSON value). */
export async function speakCookie(page: Page, lang: Lang) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(lang)).toString("base64"));
  await page.context().addCookies([{ name: "lang", value, url: `http://localhost:${process.env.E2E_PORT}` }]);
}
