/**
 * The sign-in and account pages in each language, as the server renders them (what a phone
 * without JavaScript gets): register, login, phone, the password and e-mail pages, log out, the
 * newsletter pages, the 404 page, and, signed in, the address book, an address's edit page, order
 * updates, account deletion and notifications. A page fails when it shows a message key, or, in
 * another language, an English sentence of ours that has a translation (as in i18n-pages.test.ts),
 * or when its <title> stays English. Also: a refused form answers in the page's language, and the
 * flash of a saved address is in it too.
 */
import { describe, expect, it } from "vitest";
import { DEMO_SHOPPER } from "~/db/seed/catalog-data";
import { messageKeys, messages, rawKeys as rawKeysOf, shown } from "./i18n-helpers";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { cookieHeader, cookiesFrom, pageClient, useAppServer } from "./harness";

/** The namespaces these pages speak (the forms' messages show only after a refusal). */
const NAMESPACES = ["common", "account", "forms"] as const;

const KEYS = messageKeys(NAMESPACES);

/** English sentences of ours (no variables or markup, long enough) that have a translation in `lang`. */
function englishLeaks(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of NAMESPACES) {
    const en = messages("en", ns);
    const mine = messages(lang, ns);
    const all = new Set(mine.values());
    for (const [k, v] of en) {
      if (/[{}<>]/.test(v) || v.length < 12 || !v.includes(" ")) continue;
      if (mine.get(k) === v || all.has(v)) continue; // the same in this language (a loanword, a name)
      out.set(v, `${ns}:${k}`);
    }
  }
  return out;
}


const rawKeys = (page: string) => rawKeysOf(page, KEYS);

const titleOf = (html: string) => shown(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");

const app = useAppServer();

const client = () => pageClient(app.url());

const SIGNED_OUT = [
  "/auth/login",
  "/auth/register",
  "/auth/phone",
  "/forget-password",
  "/email/verify",
  "/reset-password/MQ/abc-def",
  "/logout",
  "/newsletter",
  "/newsletter/confirm/not-a-real-token",
  "/newsletter/unsubscribe/not-a-real-token",
];
const SIGNED_IN = ["/users/account/addresses", "/users/account/channels", "/users/account/delete", "/users/notification", "/logout"];

/** A visitor who chose `lang` in the footer; signed in as the demo shopper when asked. */
async function visitor(lang: Lang, signIn: boolean) {
  const jar: Record<string, string> = {};
  const switched = await client().post("/language", { lang, redirectTo: "/" });
  expect(switched.status).toBe(303);
  cookiesFrom(switched, jar);
  if (signIn) {
    const r = await client().post("/auth/login", { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }, { Cookie: cookieHeader(jar) });
    expect(r.status, "login").toBe(303);
    cookiesFrom(r, jar);
  }
  const get = (p: string) => client().get(p, { Cookie: cookieHeader(jar) });
  const post = async (p: string, body: Record<string, string>) => {
    const r = await client().post(p, body, { Cookie: cookieHeader(jar) });
    cookiesFrom(r, jar);
    return r;
  };
  return { get, post };
}

function check(lang: Lang, pages: Record<string, string>): string[] {
  const leaks = lang === "en" ? new Map<string, string>() : englishLeaks(lang);
  const problems: string[] = [];
  for (const [name, html] of Object.entries(pages)) {
    if (!html.includes(`<html lang="${lang === "en" ? "en-NG" : lang}"`)) problems.push(`${name}: <html lang>`);
    const page = shown(html);
    for (const k of rawKeys(page)) problems.push(`${name}: key ${k}`);
    for (const [english, key] of leaks) if (page.includes(english)) problems.push(`${name}: English "${english}" (${key})`);
  }
  return problems;
}

describe("sign-in and account pages in every language", () => {
  for (const lang of LANGUAGES) {
    it(`renders ${lang} pages, signed out and signed in, with no key, no English sentence of ours and a title in ${lang}`, async () => {
      const account = messages(lang, "account");
      const pages: Record<string, string> = {};
      const out = await visitor(lang, false);
      for (const p of SIGNED_OUT) {
        const r = await out.get(p);
        expect(r.status, `${lang} ${p}`).toBe(200);
        pages[p] = r.body;
      }
      const missing = await out.get("/no-such-page-here");
      expect(missing.status).toBe(404);
      pages["404"] = missing.body;

      const me = await visitor(lang, true);
      // The demo shopper starts without an address: the first run adds one (its flash in the language).
      if (!/edit\?id=\d+/.test((await me.get("/users/account/addresses")).body)) {
        const added = await me.post("/users/account/addresses", {
          intent: "create",
          receiver_first_name: "Chioma",
          receiver_last_name: "Obi",
          receiver_phone_one: "08031234567",
          street_address: "12 Admiralty Way, Lekki Phase 1",
          city: "Lekki",
          state: "Lagos",
          lga: "Eti-Osa",
          is_default: "on",
        });
        expect(added.status, shown(added.body).slice(0, 300)).toBe(303);
        expect(shown((await me.get("/users/account/addresses")).body)).toContain(account.get("addresses.added"));
      }
      for (const p of SIGNED_IN) {
        const r = await me.get(p);
        expect(r.status, `${lang} ${p}`).toBe(200);
        pages[`${p} (signed in)`] = r.body;
      }
      const editPath = /href="(\/users\/account\/addresses\/edit\?id=\d+)"/.exec(pages["/users/account/addresses (signed in)"])?.[1];
      expect(editPath, "the demo shopper has an address to edit").toBeTruthy();
      const edit = await me.get(editPath!.replace(/&amp;/g, "&"));
      expect(edit.status).toBe(200);
      pages.edit = edit.body;

      expect(check(lang, pages)).toEqual([]);

      // The pages say their own words, and their titles follow the language.
      expect(shown(pages["/auth/register"])).toContain(account.get("register.submit"));
      expect(titleOf(pages["/auth/register"])).toBe(`${account.get("titles.register")} | BuildMart NG`);
      expect(titleOf(pages["/auth/login"])).toBe(`${account.get("titles.login")} | BuildMart NG`);
      expect(titleOf(pages["/auth/phone"])).toBe(`${account.get("titles.phone")} | BuildMart NG`);
      expect(titleOf(pages["/forget-password"])).toBe(`${account.get("titles.forgot")} | BuildMart NG`);
      const book = shown(pages["/users/account/addresses (signed in)"]);
      expect(book).toContain(account.get("addresses.book"));
      expect(book).toContain(account.get("menu.channels"));
      expect(titleOf(pages["/users/account/addresses (signed in)"])).toBe(`${account.get("titles.addresses")} | BuildMart NG`);
      expect(shown(pages["/users/account/delete (signed in)"])).toContain(account.get("delete.keep"));
      // The link inside a sentence holds its words (a `<link>` tag in a message once rendered an empty link).
      const exportLink = /<a href="\/users\/account\/export"[^>]*>([^<]+)<\/a>/.exec(pages["/users/account/delete (signed in)"])?.[1] ?? "";
      expect(exportLink.trim()).not.toBe("");
      const unescaped = exportLink.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
      expect(account.get("delete.copy_first")).toContain(`>${unescaped}<`);
      expect(shown(pages["/users/notification (signed in)"])).toContain(account.get("notifications.title"));
      expect(shown(pages["/newsletter"])).toContain(account.get("newsletter.title"));
      expect(shown(pages["404"])).toContain(messages(lang, "common").get("error.404.heading"));

      // A refusal: deleting without a password says so in the page's language, next to the field.
      const refused = await me.post("/users/account/delete", { password: "" });
      expect(refused.status).toBe(400);
      expect(shown(refused.body)).toContain(messages(lang, "forms").get("password_enter"));
      expect(check(lang, { "delete refused": refused.body })).toEqual([]);

      // A flash written by an action: making the default address the default again says it in the language.
      const id = /edit\?id=(\d+)/.exec(editPath!)![1];
      const made = await me.post("/users/account/addresses", { intent: "default", id });
      expect(made.status).toBe(303);
      const after = await me.get("/users/account/addresses");
      expect(shown(after.body)).toContain(account.get("addresses.default_updated"));
    }, 180_000);
  }
});
