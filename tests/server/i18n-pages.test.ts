/**
 * The storefront in each language, as the server renders it (what a phone without JavaScript
 * gets): home, a listing, a product, the cart and the guest checkout, in English, Pidgin,
 * Yoruba, Hausa and Igbo chosen with the footer switch (POST /language). A page fails when it
 * shows a message key instead of a message ("listing.sort.best", "shop:cart.title") or, in
 * another language, an English sentence of ours that has a translation (the English of a key
 * whose text differs from the page's language). Also: Accept-Language picks the language when no
 * switch was used, and the page cache keeps one page per language.
 */
import { describe, expect, it } from "vitest";
import { englishLeaks, messageKeys, messages, pageProblems, rawKeys as rawKeysOf, shown } from "./i18n-helpers";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { cookieHeader, cookiesFrom, pageClient, useAppServer } from "./harness";

/** The namespaces of the shop pages (the others are the account's, the forms', mail and SMS). */
const SHOP_NAMESPACES = ["common", "shop", "checkout"] as const;


/** Every key of the shop's namespaces (plural suffixes dropped too: t() is called without them). */
const KEYS = messageKeys(SHOP_NAMESPACES);

/**
 * English sentences that must not show in another language: whole messages of ours with no
 * variables or markup (a sentence with {{name}} is checked through its other messages), long
 * enough not to be a word the languages share ("Email", "Total", "Order").
 */
const englishLeaksOf = (lang: Lang) => englishLeaks(lang, SHOP_NAMESPACES);


const rawKeys = (page: string) => rawKeysOf(page, KEYS);

const app = useAppServer();

const client = () => pageClient(app.url());

/** A visitor who chose `lang` in the footer, with a cart holding one product; their pages. */
async function visit(lang: Lang) {
  const jar: Record<string, string> = {};
  const switched = await client().post("/language", { lang, redirectTo: "/" });
  expect(switched.status).toBe(303);
  cookiesFrom(switched, jar);
  const get = async (p: string) => {
    const r = await client().get(p, { Cookie: cookieHeader(jar) });
    expect(r.status, `${lang} ${p}`).toBe(200);
    return r.body;
  };
  const home = await get("/");
  const listing = await get("/all");
  const productPath = /href="(\/[a-z0-9-]+\/\d+)"/.exec(listing)?.[1];
  expect(productPath, "a product link on /all").toBeTruthy();
  const product = await get(productPath!);
  const productId = productPath!.split("/").pop()!;
  const added = await client().post("/cart", { intent: "add", productId, redirectTo: "/cart" }, { Cookie: cookieHeader(jar) });
  expect(added.status).toBe(303);
  cookiesFrom(added, jar);
  const cart = await get("/cart");
  const checkout = await get("/checkout/payment?g=y");
  const category = await get("/cement-concrete");
  return { home, listing, product, cart, checkout, category };
}

describe("shop pages in every language", () => {
  for (const lang of LANGUAGES) {
    it(`renders ${lang} pages with no key and no English sentence of ours`, async () => {
      const pages = await visit(lang);
      const leaks = lang === "en" ? new Map<string, string>() : englishLeaksOf(lang);
      expect(pageProblems(lang, pages, leaks, shown, rawKeys)).toEqual([]);
      // The checkout shows the shopper's words, not only its frame.
      const want = messages(lang, "checkout");
      expect(shown(pages.checkout)).toContain(want.get("placeOrder"));
      expect(shown(pages.checkout)).toContain(want.get("method.delivery"));
      expect(shown(pages.cart)).toContain(messages(lang, "shop").get("cart.summary"));
      // The stars are named in the reader's language (their tooltip and what a screen reader says).
      const stars = [...pages.product.matchAll(/role="img" aria-label="([^"]*)"/g)].map((m) => m[1]);
      expect(stars.length, "stars on the product page").toBeGreaterThan(0);
      const rated = new RegExp(`^${messages(lang, "shop").get("reviews.rated")!.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{{value}}", "[0-5](?:\\.5)?")}$`);
      for (const label of stars) expect(label.replace(/&#x27;|&#39;/g, "'")).toMatch(rated);
      // Category names in the reader's language (decision 0030): the menu and home, a listing's
      // title and breadcrumb; no English name of a category whose name differs in the language.
      const names = messages(lang, "categories");
      const english = messages("en", "categories");
      expect(shown(pages.home)).toContain(names.get("building-materials"));
      expect(shown(pages.home)).toContain(names.get("electronics"));
      expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(pages.category)?.[1].replace(/&amp;/g, "&")).toContain(names.get("cement-concrete"));
      expect(shown(pages.category)).toContain(names.get("building-materials"));
      for (const [slug, en] of english) {
        if (names.get(slug) === en) continue;
        for (const [page, html] of Object.entries(pages)) expect(shown(html), `${lang} ${page}: English "${en}"`).not.toContain(`>${en}<`);
      }
    }, 120_000);
  }

  it("follows Accept-Language when no language was chosen, and keeps a page per language", async () => {
    const yo = await client().get("/", { "Accept-Language": "yo-NG,yo;q=0.9,en;q=0.5" });
    expect(yo.body).toContain('<html lang="yo"');
    expect(String(yo.headers.vary)).toMatch(/Accept-Language/);
    const ha = await client().get("/", { "Accept-Language": "ha" });
    expect(ha.body).toContain('<html lang="ha"');
    expect(ha.body).toContain(messages("ha", "shop").get("home.seeAll"));
    const again = await client().get("/", { "Accept-Language": "yo" });
    expect(again.body).toContain('<html lang="yo"');
    const other = await client().get("/", { "Accept-Language": "fr-FR,fr;q=0.9" });
    expect(other.body).toContain('<html lang="en-NG"');
    // The switch's cookie beats the browser's language.
    const switched = await client().post("/language", { lang: "ig", redirectTo: "/" });
    const jar = cookiesFrom(switched);
    const ig = await client().get("/", { Cookie: cookieHeader(jar), "Accept-Language": "yo" });
    expect(ig.body).toContain('<html lang="ig"');
  }, 60_000);

  it("refuses an unknown language and a redirect off the site", async () => {
    const r = await client().post("/language", { lang: "xx", redirectTo: "https://evil.example/" });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe("/");
    expect(r.headers["set-cookie"]).toBeUndefined();
    const missing = await client().get("/language/xx/common");
    expect(missing.status).toBe(404);
    const mail = await client().get("/language/yo/email");
    expect(mail.status).toBe(404);
    const shop = await client().get("/language/yo/shop");
    expect(shop.status).toBe(200);
    expect(JSON.parse(shop.body).cart.title).toBe(messages("yo", "shop").get("cart.title"));
  });
});
