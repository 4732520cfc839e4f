/**
 * The browser's small translator (~/i18n/translate through ~/i18n/browser-translator) gives the
 * texts the server's i18next gives (an instance made as ~/i18n/i18next.server makes a page's):
 * every key of every namespace in every language, with a sample value for each of its variables,
 * and counts 0, 1, 2 and 5 for a counted one; lists and objects (`returnObjects`), `ns:key`,
 * the `ns` option, defaults and missing keys and variables. Hydration relies on it: a component's
 * text must be the same on both sides.
 */
import { describe, expect, it } from "vitest";
import type { i18n as I18n } from "i18next";
import { browserTranslator } from "~/i18n/browser-translator";
import { createPageI18n } from "~/i18n/i18next.server";
import { LANGUAGES, NAMESPACES } from "~/i18n/languages";
import type { TFunction } from "~/i18n/react";
import { resources } from "~/i18n/resources";

type Tree = { [k: string]: unknown };

/** Every key whose value is a string, and every key whose value is a list or an object. */
function keysOf(tree: Tree, prefix = "", leaves: [string, string][] = [], branches: string[] = []) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") leaves.push([key, v]);
    else {
      branches.push(key);
      keysOf(v as Tree, key, leaves, branches);
    }
  }
  return { leaves, branches };
}

/** Values for the variables of a message: text with a `$` and braces, so replacing is tested too. */
function sampleValues(text: string): Record<string, string> {
  const names = [...text.matchAll(/{{-?\s*([^}]+?)\s*}}/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((n, i) => [n, `<${n}> $& ${i} ₦1,500`]));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

function both(i18n: I18n, lang: (typeof LANGUAGES)[number], ns: string): [TFunction, TFunction] {
  const theirs = i18n.getFixedT(null, ns) as unknown as TFunction;
  const ours = browserTranslator({ lang, messages: resources[lang] as unknown as Record<string, Record<string, unknown>> }).getFixedT(ns);
  return [theirs, ours];
}

describe.each([...LANGUAGES])("the small translator in %s", (lang) => {
  it.each([...NAMESPACES])("says every message of %s as i18next says it", async (ns) => {
    const i18n = await createPageI18n(lang, [...NAMESPACES]);
    const [theirs, ours] = both(i18n, lang, ns);
    const { leaves, branches } = keysOf(resources[lang][ns] as Tree);
    expect(leaves.length).toBeGreaterThan(0);
    let compared = 0;
    for (const [key, text] of leaves) {
      const values = sampleValues(text);
      const base = key.replace(PLURAL, "");
      const calls: [string, Record<string, unknown> | undefined][] = [
        [key, undefined],
        [key, values],
        [`${ns}:${key}`, values],
      ];
      if (base !== key) for (const count of [0, 1, 2, 5]) calls.push([base, { ...values, count }], [base, { count }]);
      for (const [k, options] of calls) {
        expect(ours(k, options), `${lang} ${ns}:${k} ${JSON.stringify(options)}`).toBe(theirs(k, options));
        compared++;
      }
    }
    for (const key of branches) {
      expect(ours(key, { returnObjects: true }), `${lang} ${ns}:${key} (object)`).toEqual(theirs(key, { returnObjects: true }));
      expect(ours(key), `${lang} ${ns}:${key} (object, no returnObjects)`).toBe(theirs(key));
    }
    expect(compared).toBeGreaterThanOrEqual(leaves.length * 3);
  });
});

describe("the small translator beyond the message files", () => {
  it("answers missing keys, defaults, other namespaces and odd values as i18next does", async () => {
    const i18n = await createPageI18n("pcm", ["shop", "orders", "forms"]);
    const [theirs, ours] = both(i18n, "pcm", "orders");
    const cases: [string, Record<string, unknown> | string | undefined][] = [
      ["no.such.key", undefined],
      ["status.Shipped", { defaultValue: "Shipped" }],
      ["status.Nowhere to be found", { defaultValue: "Nowhere to be found" }],
      ["status.Nowhere", { defaultValue: "" }],
      ["status.Nowhere", "a default given as a string"],
      ["card.rent", { ns: "common" }],
      ["common:card.rent", undefined],
      ["shop:listing.count", { count: 1, n: "1" }],
      ["shop:listing.count", { count: 21, n: "21" }],
      ["shop:listing.count", { count: 1.5, n: "1.5" }],
      ["shop:listing.count", { n: "7" }],
      ["shop:listing.count", { count: 3 }],
      ["shop:listing.count", { count: 3, n: undefined }],
      ["shop:listing.count", { count: 3, n: null }],
      ["shop:listing.count", { count: 3, n: 3 }],
      ["shop:listing.count", { count: 3, n: "{{n}} and $1 $$ $'" }],
      ["Hello: a sentence, not a key", undefined],
      ["forms:max_length", { max: 80 }],
      ["forms", undefined],
    ];
    for (const [k, o] of cases) expect(ours(k, o as Record<string, unknown>), `${k} ${JSON.stringify(o)}`).toEqual(theirs(k, o as Record<string, unknown>));
  });

  it("knows which keys exist, as i18next does", async () => {
    const i18n = await createPageI18n("yo", ["forms"]);
    const ours = browserTranslator({ lang: "yo", messages: resources.yo as unknown as Record<string, Record<string, unknown>> });
    for (const [k, o] of [
      ["max_length", { ns: "forms" }],
      ["not_a_key", { ns: "forms" }],
      ["forms:required", undefined],
      ["card.rent", undefined],
    ] as const) {
      expect(ours.exists(k, o), k).toBe(i18n.exists(k, o));
    }
  });

  it("suspends on a namespace the page did not bring, and says its texts once fetched", async () => {
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(resources.ha.orders), { headers: { "Content-Type": "application/json" } });
    }) as typeof fetch;
    try {
      const ours = browserTranslator({ lang: "ha", messages: { common: resources.ha.common } });
      expect(ours.load(["common"])).toBeNull();
      const pending = ours.load(["common", "orders"]);
      expect(pending).toBeInstanceOf(Promise);
      expect(ours.load(["orders"])).toBeInstanceOf(Promise);
      await pending;
      expect(fetched).toEqual(["/language/ha/orders"]);
      expect(ours.load(["orders"])).toBeNull();
      const i18n = await createPageI18n("ha", ["orders"]);
      expect(ours.getFixedT("orders")("status.Shipped")).toBe(i18n.getFixedT(null, "orders")("status.Shipped"));
      expect(ours.getFixedT("orders")("status.Shipped")).not.toBe("status.Shipped");
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
