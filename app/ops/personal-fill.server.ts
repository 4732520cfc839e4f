/**
 * A shared page's template: the HTML of a render with marks (~/components/personal) cut into fixed
 * parts and slots, and filled per answer with the visitor's values, the CSP nonce and the request
 * id. The fill uses the same rules as the components (PERSONAL_TEXT, PERSONAL_CASES) and escapes
 * texts as React does, so a filled page is the HTML a render for that visitor gives.
 */
import { MARK_CLOSE, MARK_OPEN, PERSONAL_CASES, PERSONAL_TEXT, type CaseName, type PersonalData, type PersonalT, type TextName } from "~/domain/personal";
import { createPageI18n } from "~/i18n/i18next.server";
import type { Lang } from "~/i18n/languages";

export type Slot =
  | { t: "nonce" }
  | { t: "rid" }
  /** The script of the visitor's values (~/ops/page-cache.server adds it; empty for anonymous visitors). */
  | { t: "script" }
  | { t: "text"; name: TextName; arg: string }
  | { t: "case"; name: CaseName; arg: string; cases: Map<string, Template> };

export interface Template {
  parts: string[];
  /** slots[i] sits between parts[i] and parts[i + 1]. */
  slots: Slot[];
}

type Token = string | { kind: "text" | "case" | "end"; name: string; arg: string; which: string } | { kind: "nonce" } | { kind: "rid" };

/** As React escapes text and attribute values (react-dom's escapeTextForBrowser). */
export function escapeHtml(s: string): string {
  return s.replace(/["&'<>]/g, (c) => (c === '"' ? "&quot;" : c === "&" ? "&amp;" : c === "'" ? "&#x27;" : c === "<" ? "&lt;" : "&gt;"));
}

function tokenize(html: string, token: string, nonce: string, requestId: string): Token[] {
  const out: Token[] = [];
  const open = `${MARK_OPEN}${token}:`;
  let i = 0;
  for (;;) {
    const m = html.indexOf(open, i);
    const n = nonce ? html.indexOf(nonce, i) : -1;
    const r = requestId ? html.indexOf(requestId, i) : -1;
    const next = [m, n, r].filter((x) => x >= 0);
    if (!next.length) break;
    const at = Math.min(...next);
    if (at > i) out.push(html.slice(i, at));
    if (at === m) {
      const end = html.indexOf(MARK_CLOSE, at);
      if (end < 0) throw new Error("an unclosed personal mark");
      const [kind, name, arg, which] = html.slice(at + open.length, end).split(":");
      out.push({ kind: kind as "text" | "case" | "end", name, arg, which });
      i = end + MARK_CLOSE.length;
    } else if (at === n) {
      out.push({ kind: "nonce" });
      i = at + nonce.length;
    } else {
      out.push({ kind: "rid" });
      i = at + requestId.length;
    }
  }
  if (i < html.length) out.push(html.slice(i));
  return out;
}

// React separates adjacent text nodes with an empty comment; a mark is a text node of its own, so
// the separators next to a case's marks belong to the marks, not to the case's markup.
const SEPARATOR = "<!-- -->";

/**
 * The template of a page rendered with marks of `token` (and the per-answer `nonce` and
 * `requestId` in it). Throws on marks that do not nest.
 */
export function parseTemplate(html: string, token: string, nonce: string, requestId: string): Template {
  const tokens = tokenize(html, token, nonce, requestId);
  let pos = 0;
  const build = (until: ((t: Token) => boolean) | null): Template => {
    const parts: string[] = [""];
    const slots: Slot[] = [];
    const push = (s: Slot) => {
      slots.push(s);
      parts.push("");
    };
    while (pos < tokens.length) {
      const t = tokens[pos];
      if (until?.(t)) return trimSeparators({ parts, slots });
      pos++;
      if (typeof t === "string") parts[parts.length - 1] += t;
      else if (t.kind === "nonce") push({ t: "nonce" });
      else if (t.kind === "rid") push({ t: "rid" });
      else if (t.kind === "text") push({ t: "text", name: t.name as TextName, arg: t.arg });
      else if (t.kind === "case") {
        const cases = new Map<string, Template>();
        let which = t.which;
        for (;;) {
          const inner = build((x) => typeof x !== "string" && (x.kind === "case" || x.kind === "end") && x.name === t.name && x.arg === t.arg);
          cases.set(which, inner);
          const stop = tokens[pos++];
          if (!stop || typeof stop === "string") throw new Error(`personal cases of ${t.name} not ended`);
          if ((stop as { kind: string }).kind === "end") break;
          which = (stop as { which: string }).which;
        }
        // Separators React put between the previous text and the first mark, or after the end mark.
        parts[parts.length - 1] = parts[parts.length - 1].endsWith(SEPARATOR) ? parts[parts.length - 1].slice(0, -SEPARATOR.length) : parts[parts.length - 1];
        push({ t: "case", name: t.name as CaseName, arg: t.arg, cases });
        const next = tokens[pos];
        if (typeof next === "string" && next.startsWith(SEPARATOR)) tokens[pos] = next.slice(SEPARATOR.length);
      } else throw new Error(`a personal ${t.kind} mark out of place`);
    }
    if (until) throw new Error("personal cases not ended");
    return { parts, slots };
  };
  return build(null);
}

function trimSeparators(t: Template): Template {
  const first = t.parts[0];
  if (first.startsWith(SEPARATOR)) t.parts[0] = first.slice(SEPARATOR.length);
  const last = t.parts[t.parts.length - 1];
  if (last.endsWith(SEPARATOR)) t.parts[t.parts.length - 1] = last.slice(0, -SEPARATOR.length);
  return t;
}

export interface FillValues {
  nonce: string;
  requestId: string;
  personal: PersonalData;
  /** The page's language's translator (the header's keys: ~/components/personal PersonalT). */
  t: PersonalT;
}

const translators = new Map<Lang, Promise<PersonalT>>();
/** Texts filled per visitor: a few thousand distinct ones at most (counts, first names). */
const memo = new Map<string, string>();
const MEMO_MAX = 10_000;

/**
 * The translator a page of `lang` is rendered with for the header's texts (namespace `common`,
 * the same plural rules as the render and the browser: ~/i18n/plurals), made once per language.
 * Its answers are memoised: the same count or name in the same language is the same text.
 */
export function textsOf(lang: Lang): Promise<PersonalT> {
  let t = translators.get(lang);
  if (!t) {
    t = createPageI18n(lang, ["common"]).then((i18n) => {
      const fixed = i18n.getFixedT(lang, "common");
      return (key: string, options?: Record<string, unknown>) => {
        const k = `${lang}\u0000${key}\u0000${options ? JSON.stringify(options) : ""}`;
        let v = memo.get(k);
        if (v === undefined) {
          v = String(fixed(key, options as never));
          if (memo.size >= MEMO_MAX) memo.clear();
          memo.set(k, v);
        }
        return v;
      };
    });
    translators.set(lang, t);
  }
  return t;
}

/** The slot's value for this answer (a personal slot's whole markup, filled). */
export function slotValue(s: Slot, v: FillValues): string {
  switch (s.t) {
    case "nonce":
      return v.nonce;
    case "rid":
      return v.requestId;
    case "script":
      return "";
    case "text":
      return escapeHtml(PERSONAL_TEXT[s.name](v.personal, s.arg, v.t));
    case "case": {
      const c = s.cases.get(PERSONAL_CASES[s.name](v.personal, s.arg));
      return c ? fill(c, v) : "";
    }
  }
}

export function fill(t: Template, v: FillValues): string {
  let out = t.parts[0];
  for (let i = 0; i < t.slots.length; i++) out += slotValue(t.slots[i], v) + t.parts[i + 1];
  return out;
}

/**
 * The template with its personal slots filled for `personal` (the same for every such visitor:
 * anonymous ones), leaving only the nonce and request id: what the page cache keeps for them.
 */
export function collapse(t: Template, personal: PersonalData, tr: PersonalT): { parts: string[]; slots: (0 | 1)[] } {
  const parts: string[] = [t.parts[0]];
  const slots: (0 | 1)[] = [];
  const add = (tmpl: Template) => {
    for (let i = 0; i < tmpl.slots.length; i++) {
      const s = tmpl.slots[i];
      if (s.t === "nonce" || s.t === "rid") {
        slots.push(s.t === "nonce" ? 0 : 1);
        parts.push("");
      } else if (s.t === "script") {
        /* nothing for them */
      } else if (s.t === "text") parts[parts.length - 1] += escapeHtml(PERSONAL_TEXT[s.name](personal, s.arg, tr));
      else {
        const c = s.cases.get(PERSONAL_CASES[s.name](personal, s.arg));
        if (c) {
          parts[parts.length - 1] += c.parts[0];
          add(c);
        }
      }
      parts[parts.length - 1] += tmpl.parts[i + 1];
    }
  };
  add(t);
  return { parts, slots };
}

/** The template has marks (a page with parts of the visitor). */
export function hasPersonalSlots(t: Template): boolean {
  return t.slots.some((s) => s.t === "text" || s.t === "case");
}
