/**
 * A lite page's inline stylesheet holds only the rules the page uses. The whole stylesheet is
 * ~52 KB (~9.6 KB gzip) and made a lite page's HTML ~20 KB gzip: more than the first flight a new
 * connection carries (TCP's initial window, ten packets, ~14 KB), so the page's end came one
 * round trip later (~150 ms on a slow phone network; Lighthouse's simulation shows it). PurgeCSS
 * keeps the rules whose classes, elements and attributes occur in the page, and the custom
 * properties, keyframes and font faces those rules use; the `@property` declarations of Tailwind's
 * internal variables nobody uses go too.
 *
 * Kept per set of words the page's markup holds (pages of one kind share it), so a page cache
 * fill or a signed-in shopper's lite page costs a look-up, not a PurgeCSS run, after the first.
 * The CSP allows the `<style>` by its hash (`styleHash`, per page: ~/ops/csp.server.ts), not by
 * the request's nonce, so a kept lite page holds nothing per request.
 */
import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import { PurgeCSS } from "purgecss";
import { log } from "~/ops/logger.server";

/** The `<style>` element of a lite page (app/root.tsx renders it with this attribute). */
export const LITE_STYLE_ATTR = "data-lite-css";
const STYLE_RE = new RegExp(`(<style[^>]*\\b${LITE_STYLE_ATTR}[^>]*>)([\\s\\S]*?)(</style>)`);

/**
 * Tailwind class names hold `:`, `/`, `[`, `.` and `%` (`sm:grid-cols-3`, `w-1/2`, `top-[3px]`):
 * the words are whatever sits between quotes, spaces, `<`, `>` and `=` (PurgeCSS's default splits
 * on them and would drop `sm:…` rules).
 */
const words = (content: string): string[] => content.match(/[^<>"'`\s=]*[^<>"'`\s:=]/g) ?? [];

const kept = new LRUCache<string, string>({ max: 200 });

/** `@property --x {…}` rules for custom properties no rule reads any more (`var(--x)`). */
function withoutUnusedProperties(css: string): string {
  const used = new Set(Array.from(css.matchAll(/var\((--[\w-]+)/g), (m) => m[1]));
  return css.replace(/@property (--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (used.has(name) ? rule : ""));
}

/** The page's own rules of `css`, for the markup `html` (the whole document, its style left out). */
export async function pageStylesheet(html: string, css: string): Promise<string> {
  const body = html.replace(STYLE_RE, "");
  const key = crypto
    .createHash("sha256")
    .update(css.length.toString())
    .update("\0")
    .update([...new Set(words(body))].sort().join(" "))
    .digest("base64url");
  const known = kept.get(key);
  if (known !== undefined) return known;
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: body, extension: "html" }],
    css: [{ raw: css }],
    defaultExtractor: words,
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  const out = withoutUnusedProperties(result?.css ?? css);
  kept.set(key, out);
  return out;
}

/**
 * What a phone's first screen cannot show is laid out and painted when it nears the screen, not
 * before the first paint: the home page's sections after the first two (promotions, featured) and
 * the cards of a list past its sixth. The sizes only hold the scrollbar steady meanwhile.
 */
const OFFSCREEN_LATER =
  "main section~section~section{content-visibility:auto;contain-intrinsic-size:auto 420px}main ul>li:nth-child(n+7){content-visibility:auto;contain-intrinsic-size:auto 300px}";

/** The CSP hash source of a stylesheet's text. */
export const styleHash = (css: string) => `'sha256-${crypto.createHash("sha256").update(css, "utf8").digest("base64")}'`;

/**
 * The document with its lite `<style>` cut to the page's rules, and the hash source of the style
 * it then holds (null: it has none). When pruning fails the whole stylesheet stays (the page only
 * weighs more).
 */
export async function withPageStylesheet(html: string): Promise<{ html: string; styleHash: string | null }> {
  const m = STYLE_RE.exec(html);
  if (!m) return { html, styleHash: null };
  let css = m[2];
  try {
    css = await pageStylesheet(html, m[2]);
  } catch (err) {
    log().warn({ err }, "lite page: the stylesheet could not be cut to the page's rules; sent whole");
  }
  css += OFFSCREEN_LATER;
  return { html: html.slice(0, m.index) + m[1] + css + m[3] + html.slice(m.index + m[0].length), styleHash: styleHash(css) };
}
