/**
 * The project calculators in each language, as the server renders them (a phone without
 * JavaScript): the list and every calculator with its worked example's result. A page fails when
 * it shows a message key instead of a message, or, in another language, an English sentence of the
 * calculators' own that has a translation. Only these pages carry the `calc` namespace inline.
 */
import { describe, expect, it } from "vitest";
import { messages, messageKeys } from "./i18n-helpers";
import { CALCULATORS, CALCULATOR_KINDS } from "~/domain/calculators";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { cookieHeader, cookiesFrom, pageClient, useAppServer } from "./harness";

const decode = (s: string) => s.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const textOf = (html: string) =>
  decode(
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "")
      .replace(/<[^>]+>/g, " "),
  );
const KEYS = messageKeys(["calc"] as const);
function rawKeys(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:(calc):)?([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)/g)) if (m[1] || KEYS.has(m[2])) found.add(m[0]);
  return [...found];
}
function englishLeaks(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const mine = messages(lang, "calc");
  for (const [k, v] of messages("en", "calc")) if (!/[{}]/.test(v) && v.length >= 12 && v.includes(" ") && mine.get(k) !== v) out.set(v, k);
  return out;
}
function inlineNamespaces(html: string): string[] {
  const json = /<script id="i18n-messages"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? Object.keys((JSON.parse(json) as { messages: Record<string, unknown> }).messages) : [];
}

const app = useAppServer();
const client = () => pageClient(app.url());

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

const PATHS = ["/calculators", ...CALCULATOR_KINDS.map((k) => `/calculators/${k}?${new URLSearchParams({ ...CALCULATORS[k].example, state: "Lagos" })}`)];

describe("project calculators in every language", () => {
  for (const lang of LANGUAGES) {
    it(`renders the ${lang} calculators and their results with no key and no English sentence of theirs`, async () => {
      const get = await visitor(lang);
      const leaks = lang === "en" ? new Map<string, string>() : englishLeaks(lang);
      const problems: string[] = [];
      for (const p of PATHS) {
        const html = await get(p);
        // Product names are the catalogue's, as the vendor wrote them ("Roofing nails 3 inch"): not the page's words.
        const text = textOf(html.replace(/<a [^>]*data-testid="calc-product"[^>]*>[\s\S]*?<\/a>/g, ""));
        for (const k of rawKeys(text)) problems.push(`${p}: key ${k}`);
        for (const [english, key] of leaks) if (text.includes(english)) problems.push(`${p}: English "${english.slice(0, 50)}…" (${key})`);
        if (p !== "/calculators") expect(text, `${lang} ${p}: a result`).toContain(messages(lang, "calc").get("result.how")!);
        expect(inlineNamespaces(html), `${lang} ${p}`).toContain("calc");
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it("carries the calc namespace inline on the calculators only", async () => {
    const get = await visitor("yo");
    for (const p of ["/", "/cart"]) expect(inlineNamespaces(await get(p)), p).not.toContain("calc");
  }, 60_000);
});
