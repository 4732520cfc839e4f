/**
 * A shared page's template (app/ops/personal-fill.server.ts): a render with marks in place of the
 * visitor's parts (app/components/personal.tsx) filled per visitor gives what a render for that
 * visitor gives, never another visitor's values; marks of another render's token are text.
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ANONYMOUS, mark, type PersonalData } from "~/components/personal";
import { collapse, escapeHtml, fill as fillWith, parseTemplate, textsOf, type FillValues } from "~/ops/personal-fill.server";
import { deflateTemplate, gzipTemplate } from "~/ops/page-cache.server";

const T = "0123456789abcdef01234567";
const en = await textsOf("en");
const ha = await textsOf("ha");
/** Filled in English unless a translator is given. */
const fill = (t: Parameters<typeof fillWith>[0], v: Omit<FillValues, "t"> & { t?: FillValues["t"] }) => fillWith(t, { t: en, ...v });
const chioma: PersonalData = { user: { id: 1, firstName: "Chioma", lastName: "O'Neil <Okeke>", email: "c@example.com" }, cartCount: 4, unread: 120, stores: [{ id: 3, name: "S", slug: "lagos-depot" }], wishlist: [9] };
const ada: PersonalData = { ...ANONYMOUS, cartCount: 2 };

/** A header as React would write it with marks: texts, cases (one with a text inside), a nonce and request id. */
const marked = [
  `<html><script nonce="NONCE-1">x</script><header><a aria-label="${mark(T, "text", "cartLabel")}">`,
  `<span>${mark(T, "text", "cartCount")}</span></a>`,
  `${mark(T, "case", "account", "", "member")}<details><span>${mark(T, "text", "greeting")}</span><p>${mark(T, "text", "fullName")}</p></details>`,
  `${mark(T, "case", "account", "", "guest")}<a href="/auth/login">Login</a>${mark(T, "end", "account", "")}`,
  `<!-- -->${mark(T, "case", "heart", "9", "none")}<!-- -->${mark(T, "case", "heart", "9", "on")}<button aria-pressed="true"></button>`,
  `${mark(T, "case", "heart", "9", "off")}<button aria-pressed="false"></button>${mark(T, "end", "heart", "9")}`,
  `</header><p>[[personal:ffffffffffffffffffffffff:text:cartCount::]]</p><i>RID-1</i></html>`,
].join("");

/** What React writes for that visitor (the cases chosen, the values escaped). */
function rendered(p: PersonalData, nonce: string, rid: string) {
  const account = p.user
    ? `<details><span>${escapeHtml(`Hi, ${p.user.firstName}`)}</span><p>${escapeHtml(`${p.user.firstName} ${p.user.lastName}`)}</p></details>`
    : `<a href="/auth/login">Login</a>`;
  const heart = !p.user ? "" : p.wishlist.includes(9) ? `<button aria-pressed="true"></button>` : `<button aria-pressed="false"></button>`;
  return (
    `<html><script nonce="${nonce}">x</script><header><a aria-label="Cart, ${p.cartCount} ${p.cartCount === 1 ? "item" : "items"}">` +
    `<span>${p.cartCount}</span></a>${account}${heart}</header><p>[[personal:ffffffffffffffffffffffff:text:cartCount::]]</p><i>${rid}</i></html>`
  );
}

describe("a shared page's template", () => {
  const t = parseTemplate(marked, T, "NONCE-1", "RID-1");

  it("filled for a visitor is that visitor's page, with their nonce and request id", () => {
    expect(fill(t, { nonce: "N2", requestId: "R2", personal: chioma })).toBe(rendered(chioma, "N2", "R2"));
    expect(fill(t, { nonce: "N3", requestId: "R3", personal: ada })).toBe(rendered(ada, "N3", "R3"));
    expect(fill(t, { nonce: "N4", requestId: "R4", personal: ANONYMOUS })).toBe(rendered(ANONYMOUS, "N4", "R4"));
  });

  it("fills the texts in the page's language, with its plural forms", () => {
    const hausa = fillWith(t, { nonce: "N", requestId: "R", personal: chioma, t: ha });
    expect(hausa).toContain('aria-label="Kwando, kaya 4"');
    expect(hausa).toContain("<span>Sannu, Chioma</span>");
    expect(hausa).not.toContain("Cart,");
    expect(fill(t, { nonce: "N", requestId: "R", personal: { ...ada, cartCount: 1 } })).toContain('aria-label="Cart, 1 item"');
  });

  it("escapes the visitor's text as React does, and shows nothing of another visitor", () => {
    const page = fill(t, { nonce: "N", requestId: "R", personal: chioma });
    expect(page).toContain("O&#x27;Neil &lt;Okeke&gt;");
    const other = fill(t, { nonce: "N", requestId: "R", personal: ada });
    expect(other).not.toContain("Chioma");
    expect(other).not.toContain("Okeke");
  });

  it("leaves marks of another token as they are (text a visitor typed cannot pass for one)", () => {
    expect(fill(t, { nonce: "N", requestId: "R", personal: chioma })).toContain("[[personal:ffffffffffffffffffffffff:text:cartCount::]]");
  });

  it("collapsed for anonymous visitors keeps only the nonce and request id as slots", () => {
    const c = collapse(t, ANONYMOUS, en);
    expect(c.slots).toEqual([0, 1]);
    expect(c.parts[0] + "N" + c.parts[1] + "R" + c.parts[2]).toBe(rendered(ANONYMOUS, "N", "R"));
  });

  it("refuses cases that do not end", () => {
    expect(() => parseTemplate(`<a>${mark(T, "case", "account", "", "guest")}<b>`, T, "N", "R")).toThrow();
  });
});

describe("a shared page's gzip", () => {
  it("is a valid gzip of the page with values of any length spliced in", () => {
    const parts = ["<html><head>" + "<meta name=x>".repeat(50), "<body>" + "<p>same text again</p>".repeat(200), "<i>", "</i></html>"].map((x) => Buffer.from(x));
    const lengths = [5, null, 3];
    const deflated = deflateTemplate(parts, lengths);
    for (const middle of ["", "short", "é".repeat(40_000)]) {
      const values = [Buffer.from("nonce"), Buffer.from(middle), Buffer.from("rid")];
      const want = Buffer.concat([parts[0], values[0], parts[1], values[1], parts[2], values[2], parts[3]]);
      expect(zlib.gunzipSync(gzipTemplate(parts, values, deflated)).equals(want)).toBe(true);
    }
    expect(() => gzipTemplate(parts, [Buffer.from("longer-nonce"), Buffer.from(""), Buffer.from("rid")], deflated)).toThrow();
  });
});
