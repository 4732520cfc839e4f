/**
 * The information pages (about, contact, FAQ, secure shopping, privacy, terms) in each language,
 * as the server renders them (what a phone without JavaScript gets), chosen with the footer
 * switch (POST /language). A page fails when it shows a message key instead of a message, leaves
 * out one of its texts (every message of its part of the `pages` namespace is on the page, the
 * meta description in its <meta>), or, in another language, shows an English sentence of ours
 * that has a translation. The legal pages open with the "English version binds" line outside
 * English only, and only these pages carry the `pages` namespace inline.
 */
import { describe, expect, it } from "vitest";
import { messages, messageKeys } from "./i18n-helpers";
import { formatDate } from "~/i18n/dates";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { textsFor } from "~/i18n/texts.server";
import { cookieHeader, cookiesFrom, pageClient, useAppServer } from "./harness";

/** Each page's path and its part of pages.json. */
const PAGES = [
  { path: "/about", key: "about" },
  { path: "/contact", key: "contact" },
  { path: "/faq", key: "faq" },
  { path: "/secure-shopping", key: "secure" },
  { path: "/privacy", key: "privacy" },
  { path: "/terms", key: "terms" },
] as const;
const LEGAL = new Set(["privacy", "terms"]);
/** The namespaces these pages show (the layout's and their own). */
const NAMESPACES = ["common", "pages"] as const;


/** The terms' date as a reader of `lang` reads it (~/i18n/dates). */
const termsDate = (lang: Lang) => formatDate("2023-01-31T12:00:00+01:00", (key) => textsFor(lang, "pages")(key), "date");
/** A message as the reader sees it: its <strong>/<link> tags gone, the terms' date filled in. */
const plain = (text: string, lang: Lang = "en") => text.replace(/<\/?\w+>/g, "").replace("{{date}}", termsDate(lang));

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page's text: no scripts (the inline messages are data), no tags, entities decoded. */
function textOf(html: string): string {
  return decode(
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "")
      .replace(/<[^>]+>/g, ""),
  );
}

/** Every key of the namespaces (plural suffixes dropped too: t() is called without them). */
const KEYS = messageKeys(NAMESPACES);

/** What looks like a message key on the page: a known key, or `namespace:key`. */
function rawKeys(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:(common|shop|checkout|account|forms|pages):)?([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)/g)) {
    if (m[1] || KEYS.has(m[2])) found.add(m[0]);
  }
  return [...found];
}

/**
 * English sentences that must not show in another language: whole messages of ours (tags left
 * out, as the reader sees them) that differ in this language, long enough not to be a word or a
 * name the languages share ("Email", "Cookie", "BuildMart NG").
 */
function englishLeaks(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of NAMESPACES) {
    const en = messages("en", ns);
    const mine = messages(lang, ns);
    for (const [k, v] of en) {
      if (/[{}]/.test(v) || v.length < 12 || !v.includes(" ")) continue;
      if (mine.get(k) === v) continue; // the same in this language (a name, an address, hours)
      out.set(plain(v), `${ns}:${k}`);
    }
  }
  return out;
}

/** The namespaces a page carries inline for hydration. */
function inlineNamespaces(html: string): string[] {
  const json = /<script id="i18n-messages"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, "the page's inline messages").toBeTruthy();
  return Object.keys((JSON.parse(json!) as { messages: Record<string, unknown> }).messages);
}

const app = useAppServer();

const client = () => pageClient(app.url());

/** A visitor who chose `lang` in the footer; a page of theirs. */
async function visitor(lang: Lang) {
  const switched = await client().post("/language", { lang, redirectTo: "/" });
  expect(switched.status).toBe(303);
  const jar = cookiesFrom(switched);
  return async (p: string) => {
    const r = await client().get(p, { Cookie: cookieHeader(jar) });
    expect(r.status, `${lang} ${p}`).toBe(200);
    return r.body;
  };
}

describe("information pages in every language", () => {
  for (const lang of LANGUAGES) {
    it(`renders the ${lang} pages whole, with no key and no English sentence of ours`, async () => {
      const get = await visitor(lang);
      const leaks = lang === "en" ? new Map<string, string>() : englishLeaks(lang);
      const own = messages(lang, "pages");
      const problems: string[] = [];
      for (const page of PAGES) {
        const html = await get(page.path);
        expect(html, `${lang} ${page.path}: <html lang>`).toContain(`<html lang="${lang === "en" ? "en-NG" : lang}"`);
        expect(html.includes("\u0000"), `${lang} ${page.path}: NUL bytes in the page`).toBe(false);
        const text = textOf(html);
        for (const k of rawKeys(text)) problems.push(`${page.path}: key ${k}`);
        for (const [english, key] of leaks) if (text.includes(english)) problems.push(`${page.path}: English "${english.slice(0, 60)}…" (${key})`);
        // Every text of the page is there, in the page's language.
        for (const [k, v] of own) {
          if (!k.startsWith(`${page.key}.`)) continue;
          if (k.endsWith(".metaDescription")) {
            if (!decode(html).includes(`<meta name="description" content="${v}"/>`)) problems.push(`${page.path}: meta description ${k}`);
          } else if (k.endsWith(".metaTitle")) {
            if (!decode(html).includes(`<title>${v} | BuildMart NG</title>`)) problems.push(`${page.path}: title ${k}`);
          } else if (k === "secure.topicsLabel") {
            if (!decode(html).includes(`aria-label="${v}"`)) problems.push(`${page.path}: ${k}`);
          } else if (!text.includes(plain(v, lang))) problems.push(`${page.path}: missing ${k}`);
        }
        // The legal texts say, outside English, that the English version binds.
        const binds = text.includes(own.get("englishBinds")!);
        if (binds !== (LEGAL.has(page.key) && lang !== "en")) problems.push(`${page.path}: "English version binds" line ${binds ? "shown" : "missing"}`);
        expect(inlineNamespaces(html), `${lang} ${page.path}`).toContain("pages");
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it("keeps the FAQ's ten questions and the links inside sentences in every language", async () => {
    for (const lang of LANGUAGES) {
      const get = await visitor(lang);
      const faq = await get("/faq");
      expect(faq.split("<main")[1].match(/<details /g), lang).toHaveLength(10);
      // A link moved inside a translated sentence still points where it did.
      expect(faq, lang).toContain('href="/terms#returns-and-refunds"');
      expect(faq, lang).toContain('href="/users/orders"');
      const about = await get("/about");
      for (const href of ["/secure-shopping", "/terms", "/contact", "mailto:help@buildmart.ng"]) expect(about, `${lang} about ${href}`).toContain(`href="${href}"`);
    }
  }, 120_000);

  it("carries the pages namespace inline on the information pages only", async () => {
    const get = await visitor("ha");
    for (const p of ["/", "/cart", "/auth/login"]) expect(inlineNamespaces(await get(p)), p).not.toContain("pages");
  }, 60_000);
});
