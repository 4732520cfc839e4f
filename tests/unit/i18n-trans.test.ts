/**
 * Our `<Trans>` (~/i18n/trans) renders a tagged message as react-i18next's `<Trans>` renders it,
 * to the byte: every message with tags, in every namespace and language, with its tags given as
 * components (and once more without `strong`, which both keep as plain HTML), rendered over the
 * server's i18next (the server's render is unchanged) and over the browser's small translator
 * (what hydration renders). Values carry markup-looking text too (`<x>`, `$&`, braces).
 */
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Trans as I18nextTrans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { browserTranslator } from "~/i18n/browser-translator";
import { createPageI18n } from "~/i18n/i18next.server";
import { i18nextTranslator } from "~/i18n/i18next-translator.server";
import { LANGUAGES, NAMESPACES } from "~/i18n/languages";
import { TranslatorProvider, type TFunction, type Translator } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { Trans } from "~/i18n/trans";

type Tree = { [k: string]: unknown };
function leaves(tree: Tree, prefix = "", out: [string, string][] = []) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.push([key, v]);
    else leaves(v as Tree, key, out);
  }
  return out;
}

const tagged = (lang: (typeof LANGUAGES)[number], ns: (typeof NAMESPACES)[number]) => leaves(resources[lang][ns] as Tree).filter(([, text]) => /<\w+>/.test(text));

function componentsFor(text: string, withStrong: boolean): Record<string, ReactElement> {
  const names = new Set([...text.matchAll(/<(\w+)>/g)].map((m) => m[1]));
  if (!withStrong) names.delete("strong");
  return Object.fromEntries([...names].map((n) => [n, n === "link" ? createElement("a", { href: `/${n}`, className: "u" }) : createElement("span", { className: `tag-${n}`, "data-x": "1" })]));
}

const valuesFor = (text: string) => Object.fromEntries([...text.matchAll(/{{\s*([^}]+?)\s*}}/g)].map((m, i) => [m[1], i % 2 ? `${m[1]} $& {{nope}} ₦2,000` : `<${m[1]}@x.ng>`]));

function ours(translator: Translator, ns: string, key: string, values: Record<string, unknown> | undefined, components: Record<string, ReactElement>) {
  const t = translator.getFixedT(ns);
  return renderToString(createElement(TranslatorProvider, { value: translator }, createElement(Trans, { t, i18nKey: key, values, components })));
}

describe.each([...LANGUAGES])("<Trans> in %s", (lang) => {
  it.each([...NAMESPACES])("renders every tagged message of %s as react-i18next does", async (ns) => {
    const messages = tagged(lang, ns);
    if (!messages.length) return;
    const i18n = await createPageI18n(lang, [...NAMESPACES]);
    const server = i18nextTranslator(i18n);
    const browser = browserTranslator({ lang, messages: resources[lang] as unknown as Record<string, Record<string, unknown>> });
    for (const [key, text] of messages) {
      for (const withStrong of [true, false]) {
        for (const values of [valuesFor(text), undefined]) {
          const components = componentsFor(text, withStrong);
          const t = i18n.getFixedT(null, ns);
          const expected = renderToString(createElement(I18nextTrans, { t, i18n, i18nKey: key, values, components }));
          const what = `${lang} ${ns}:${key} strong=${withStrong} values=${JSON.stringify(values)}`;
          expect(ours(server, ns, key, values, components), `${what} (server)`).toBe(expected);
          expect(ours(browser, ns, key, values, components), `${what} (browser)`).toBe(expected);
        }
      }
    }
  });
});

describe("<Trans> beyond the message files", () => {
  it("renders a missing key, an unknown tag and odd markup as react-i18next does", async () => {
    const extra = {
      odd: "A <b>bold</b> and <x>unknown</x> <br/> line<br> with <i>it</i>,  <p>para</p>   <b></b> end <b/> x < y > z",
      nested: "<b>outer <dates>inner {{dates}}</dates> tail</b> after",
      spaced: "<b>a</b>   <b>b</b>\n<b>c</b>",
      numbered: "<0>zero</0> and <1>one</1>",
    };
    const i18n = await createPageI18n("en", ["shop"]);
    i18n.addResourceBundle("en", "shop", { extra }, true, false);
    const messages = { ...resources.en, shop: { ...resources.en.shop, extra } } as unknown as Record<string, Record<string, unknown>>;
    const browser = browserTranslator({ lang: "en", messages });
    const components = { b: createElement("strong", { className: "b" }), dates: createElement("em") };
    for (const key of ["extra.odd", "extra.nested", "extra.spaced", "extra.numbered", "extra.missing"]) {
      const t = i18n.getFixedT(null, "shop");
      const values = { dates: "1 – 3 Dec" };
      const expected = renderToString(createElement(I18nextTrans, { t, i18n, i18nKey: key, values, components }));
      expect(ours(browser, "shop", key, values, components), key).toBe(expected);
      expect(ours(i18nextTranslator(i18n), "shop", key, values, components), key).toBe(expected);
    }
  });

  it("keeps the t it is given: its namespace, as a page's component binds it", async () => {
    const i18n = await createPageI18n("ig", ["shop", "checkout"]);
    const browser = browserTranslator({ lang: "ig", messages: resources.ig as unknown as Record<string, Record<string, unknown>> });
    const t = browser.getFixedT("checkout") as TFunction;
    const html = renderToString(createElement(TranslatorProvider, { value: browser }, createElement(Trans, { t, i18nKey: "guest.intro", components: { login: createElement("a", { href: "/auth/login" }) } })));
    const expected = renderToString(createElement(I18nextTrans, { t: i18n.getFixedT(null, "checkout"), i18n, i18nKey: "guest.intro", components: { login: createElement("a", { href: "/auth/login" }) } }));
    expect(html).toBe(expected);
    expect(html).toContain('<a href="/auth/login">');
  });
});
