/**
 * The browser's translator: the same lookups and texts as the server's i18next (configured as
 * ~/i18n/i18next.server configures it: `ns:key`, dotted keys, `{{var}}` without escaping, `_one` /
 * `_other` plurals through ./plurals, `defaultValue`, `returnObjects`), over the same message files,
 * in a few hundred bytes instead of i18next's 15 KB. Only what our components and message files
 * use is here (no nesting, context, formats or fallback languages); tests/unit/i18n-translate.test.ts
 * compares it with i18next for every key of every namespace in every language.
 *
 * The steps follow i18next 23's Translator, ResourceStore and Interpolator, so a text that leaves
 * one also leaves the other: a missing key shows the key, a missing variable stays `{{name}}`.
 */
import { PLURAL_RULES } from "./plurals";
import { isLang } from "./languages";
import { formatNumber } from "~/domain/money";

/**
 * A plural's `{{count}}` as CLDR writes the number in every language ("1,234 reviews"); other
 * variables as given (an order number or a code may be a number, never grouped). i18next does the
 * same through INTERPOLATION's `format` (alwaysFormat), so both sides write the same text.
 */
export const interpolatedValue = (name: string, value: unknown): unknown => (name === "count" && typeof value === "number" ? formatNumber(value) : value);

/** The i18next `interpolation` options of every instance (server pages, texts, the tests). */
export const INTERPOLATION = {
  escapeValue: false,
  alwaysFormat: true,
  format: (value: any, _format?: string, _lng?: string, options?: Record<string, any>): any =>
    interpolatedValue(typeof options?.interpolationkey === "string" ? options.interpolationkey : "", value),
};

/** The messages of one language: namespace, then the message file's tree. */
export type Bundles = Record<string, Record<string, unknown> | undefined>;

export interface TOptions {
  ns?: string | readonly string[];
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [variable: string]: unknown;
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** i18next's getPath: walks own properties, then reads the last one. */
function getPath(object: unknown, path: string[]): unknown {
  let o = object as Record<string, unknown> | string | null | undefined;
  for (let i = 0; i < path.length - 1; i++) {
    if (!o || typeof o === "string") return undefined;
    o = own(o, path[i]) ? (o[path[i]] as Record<string, unknown>) : {};
  }
  if (!o || typeof o === "string") return undefined;
  return o[path[path.length - 1]];
}

/** i18next's deepFind: a key whose parts may themselves hold dots ("a.b" inside "x"). */
function deepFind(obj: Record<string, unknown> | undefined, path: string): unknown {
  if (!obj) return undefined;
  if (obj[path]) return obj[path];
  const tokens = path.split(".");
  let current: unknown = obj;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += ".";
      nextPath += tokens[j];
      next = (current as Record<string, unknown>)[nextPath];
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function lookup(bundle: Record<string, unknown> | undefined, key: string): unknown {
  const found = getPath(bundle, key.split("."));
  return found ? found : deepFind(bundle, key);
}

const VAR = /{{(.+?)}}/g;
const UNESCAPED = /{{-(.+?)}}/g;
const NESTING = /\$t\((.+?)\)/;

/**
 * `{{name}}` (and `{{- name}}`) replaced by the data's value, as i18next does with escapeValue
 * off: a missing variable stays as written, unless `named` (a `t` call, whose data are its
 * options) and the data name it (then it is empty).
 */
export function interpolate(text: string, data: Record<string, unknown>, named = false): string {
  let str = text;
  for (const regex of [UNESCAPED, VAR]) {
    regex.lastIndex = 0;
    let match: RegExpExecArray | null;
    let replaces = 0;
    while ((match = regex.exec(str))) {
      const name = match[1].trim();
      const found = getPath(data, name.split("."));
      let value = found ? found : deepFind(data, name) ?? found;
      if (value === undefined) {
        if (!named || !own(data, name)) continue;
        value = "";
      }
      value = interpolatedValue(name, value);
      const s = typeof value === "string" ? value : value == null ? "" : String(value as string);
      str = str.replace(match[0], s.replace(/\$/g, "$$$$"));
      regex.lastIndex += s.length - match[0].length;
      if (++replaces >= 1000) break;
    }
  }
  return str;
}

/** i18next's looksLikeObjectPath: "shop:listing.count" is a key, "Hello: world, ..." is not. */
function looksLikeKey(key: string): boolean {
  const natural = /( |,|\?|!|;)/;
  if (!natural.test(key)) return true;
  const ki = key.indexOf(".");
  return ki > 0 && !natural.test(key.substring(0, ki));
}

function splitKey(key: string, ns: readonly string[]): { key: string; namespaces: readonly string[] } {
  if (key.includes(":") && looksLikeKey(key) && !NESTING.test(key)) {
    const parts = key.split(":");
    return { namespaces: [parts.shift()!], key: parts.join(".") };
  }
  return { key, namespaces: ns };
}

interface Resolved {
  res: unknown;
  key: string;
  exactKey: string;
  namespaces: readonly string[];
  suffix: string;
}

/** i18next's resolve: the first namespace holding the key (its plural form first), else undefined. */
function resolve(bundles: Bundles, lang: string, rawKey: unknown, options: TOptions): Resolved {
  const ns = options.ns ?? [];
  const { key, namespaces } = splitKey(String(rawKey as string), typeof ns === "string" ? [ns] : ns);
  const plural = options.count !== undefined && typeof options.count !== "string";
  const suffix = plural && isLang(lang) ? `_${PLURAL_RULES[lang].select(options.count as number)}` : "";
  let res: unknown;
  let exactKey = key;
  for (const n of namespaces) {
    for (const k of plural ? [key + suffix, key] : [key]) {
      if (res !== undefined && res !== null) break;
      exactKey = k;
      res = lookup(bundles[n], k);
    }
  }
  return { res, key, exactKey, namespaces, suffix };
}

/** Whether a key has a message (i18next's `exists`). */
export function hasMessage(bundles: Bundles, lang: string, key: string, options: TOptions): boolean {
  return resolve(bundles, lang, key, options).res !== undefined;
}

/**
 * One translation, as i18next's `t` (with `options.ns` the namespaces to look in, as a bound `t`
 * sets it): `key` (maybe `ns:key`) in `lang`'s `bundles`, in its plural form for a numeric
 * `count`, then interpolated with the options themselves (i18next's data is its options too).
 */
export function translate(bundles: Bundles, lang: string, rawKey: unknown, options: TOptions): unknown {
  if (rawKey === undefined || rawKey === null) return "";
  const found = resolve(bundles, lang, rawKey, options);
  const { key, exactKey, namespaces, suffix } = found;
  let res = found.res;

  if (res && typeof res === "object") {
    if (!options.returnObjects) return `key '${key} (${lang})' returned an object instead of string.`;
    const isArray = Array.isArray(res);
    const copy: Record<string, unknown> = isArray ? ([] as unknown as Record<string, unknown>) : {};
    for (const m in res) {
      if (!own(res, m)) continue;
      const deepKey = `${isArray ? exactKey : key}.${m}`;
      const v = translate(bundles, lang, deepKey, { ...options, joinArrays: false, ns: namespaces });
      copy[m] = v === deepKey ? (res as Record<string, unknown>)[m] : v;
    }
    return copy;
  }
  if (res === undefined || res === null) {
    const hasDefault = Object.keys(options).some((o) => o.startsWith("defaultValue") && options[o] !== undefined);
    res = hasDefault ? (options[`defaultValue${suffix}`] as string | undefined) || options.defaultValue : undefined;
    if (res === undefined || res === null) res = key;
  }
  return typeof res === "string" ? interpolate(res, options, true) : res;
}

/** A `t` argument list as i18next's bound `t` reads it: a string second argument is the default. */
export function tOptions(options: TOptions | string | undefined, ns: string | readonly string[]): TOptions {
  const o: TOptions = typeof options === "object" && options !== null ? { ...options } : typeof options === "string" ? { defaultValue: options } : {};
  o.ns = o.ns || ns;
  return o;
}
