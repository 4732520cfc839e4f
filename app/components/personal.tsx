/**
 * The visitor's own parts of a shared page (the header's cart count, name, bell and store link; the
 * product page's wishlist heart), written so that one render can serve every visitor.
 *
 * A page the page cache may keep (~/ops/page-cache.server) is rendered once with *marks* in place
 * of these parts: `text` values become a mark, and a part whose markup differs by visitor (`cases`)
 * is rendered once per case, each between marks. For each answer the server picks the visitor's
 * case and fills the texts (~/ops/personal-fill.server), so the HTML is exactly what a render for
 * that visitor would have given (the same components, in the same place). Every other render (a
 * page never kept, the browser) renders the one case and the values directly.
 *
 * In the browser the values come from the root loader's data, except on the first view of a
 * shared page: its hydration data is the shared (anonymous) render's, so the server adds the
 * visitor's own values in a script (`window.__personal`, tagged with the answer's request id) and
 * they are used until the root loader's data is replaced by a navigation's.
 *
 * Both the marks' fill and the components use the one set of rules below (PERSONAL_TEXT,
 * PERSONAL_CASES), so the filled HTML and the browser's render cannot disagree.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { createContext, Fragment, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useCartCount } from "./cart/cart-count";

/** What of a page is the visitor's own. */
export interface PersonalData {
  user: { id: number; firstName: string; lastName: string; email: string } | null;
  cartCount: number;
  unread: number;
  stores: Array<{ id: number; name: string; slug: string }>;
  /** Products in the signed-in shopper's wishlist (the hearts). */
  wishlist: number[];
}

export const ANONYMOUS: PersonalData = { user: null, cartCount: 0, unread: 0, stores: [], wishlist: [] };

/**
 * A translator of the page's language, namespace `common` (the header's message keys): the
 * browser's and a render's `useTranslation().t`, the page cache's ~/ops/personal-fill.server
 * `textsOf(lang)`. Texts are filled in the page's language, the same as the header renders them.
 */
export type PersonalT = (key: string, options?: Record<string, unknown>) => string;

type Rule = (p: PersonalData, arg: string, t: PersonalT) => string;
const rules = <K extends string>(r: Record<K, Rule>) => r;

/** Texts of the visitor (`arg`: e.g. a product id). Never empty: an empty text renders differently. */
export const PERSONAL_TEXT = rules({
  cartCount: (p) => String(p.cartCount),
  cartLabel: (p, _arg, t) => t("header.cartCount", { count: p.cartCount }),
  unreadBadge: (p) => (p.unread > 99 ? "99+" : String(p.unread)),
  unreadLabel: (p, _arg, t) => (p.unread > 0 ? t("header.notificationsUnread", { count: p.unread }) : t("header.notifications")),
  greeting: (p, _arg, t) => (p.user?.firstName ? t("header.hi", { name: p.user.firstName }) : t("header.hiThere")),
  fullName: (p) => `${p.user?.firstName ?? ""} ${p.user?.lastName ?? ""}`,
  storeSlug: (p) => p.stores[p.stores.length - 1]?.slug || "-",
});

type CaseRule = (p: PersonalData, arg: string) => string;
const caseRules = <K extends string>(r: Record<K, CaseRule>) => r;

/** Parts whose markup differs by visitor: which case this visitor gets. */
export const PERSONAL_CASES = caseRules({
  account: (p) => (p.user ? "member" : "guest"),
  bell: (p) => (!p.user ? "none" : p.unread > 0 ? "unread" : "read"),
  store: (p) => (!p.user ? "guest" : p.stores.length ? "owner" : "member"),
  heart: (p, arg) => (!p.user ? "none" : p.wishlist.includes(Number(arg)) ? "on" : "off"),
});

export type TextName = keyof typeof PERSONAL_TEXT;
export type CaseName = keyof typeof PERSONAL_CASES;

/**
 * Mark delimiters: ASCII that React writes as it is (it escapes only "&'<>). Not characters
 * outside ASCII: react-dom 18's stream can leave NUL bytes where a multi-byte character meets the
 * end of its 2 KB buffer. What follows the opening is the render's random token, so no text on
 * the page can pass for a mark.
 */
export const MARK_OPEN = "[[personal:";
export const MARK_CLOSE = "]]";

/**
 * `text`, `case` (a case starts), `end` (the cases end). The token is random per render, so
 * nothing a visitor or a vendor typed can pass for a mark.
 */
export function mark(token: string, kind: "text" | "case" | "end", name: string, arg = "", which = ""): string {
  return `${MARK_OPEN}${token}:${kind}:${name}:${arg}:${which}${MARK_CLOSE}`;
}

/** The render's mark token when the page is rendered to be shared (server only). */
const SlotToken = createContext<string | null>(null);
export const SlotTokenProvider = SlotToken.Provider;

/** The visitor's values for the first view of a shared page (see the file comment). */
interface Override {
  requestId: string;
  data: PersonalData;
}
declare global {
  interface Window {
    __personal?: Override;
  }
}

interface RootPersonal {
  user: PersonalData["user"];
  cartCount: number;
  unread: number;
  stores: PersonalData["stores"];
  requestId: string | null;
}

/** The shopper's own data as the browser or a private render knows it; `extra` adds what a page loaded itself (its wishlist hearts). */
function usePersonalData(extra?: Partial<PersonalData>): PersonalData {
  const root = useRouteLoaderData("root") as RootPersonal | undefined;
  const override = typeof window !== "undefined" ? window.__personal : undefined;
  const own = override && root && override.requestId === root.requestId ? override.data : null;
  const base: PersonalData = own ?? {
    user: root?.user ?? null,
    cartCount: root?.cartCount ?? 0,
    unread: root?.unread ?? 0,
    stores: root?.stores ?? [],
    wishlist: extra?.wishlist ?? [],
  };
  // Adds on their way count at once (optimistic).
  const cartCount = useCartCount(base.cartCount);
  return { ...base, cartCount };
}

export interface PersonalView {
  /** The visitor's text `name` (or its mark). */
  text(name: TextName, arg?: string | number): string;
  /** The visitor's case of `name` rendered (or every case between marks). */
  cases(name: CaseName, render: Record<string, () => ReactNode>, arg?: string | number): ReactNode;
}

export function usePersonal(extra?: Partial<PersonalData>): PersonalView {
  const token = useContext(SlotToken);
  const data = usePersonalData(extra);
  const { t } = useTranslation();
  if (token) {
    return {
      text: (name, arg) => mark(token, "text", name, String(arg ?? "")),
      cases: (name, render, arg) => (
        <>
          {Object.entries(render).map(([which, r]) => (
            <Fragment key={which}>
              {mark(token, "case", name, String(arg ?? ""), which)}
              {r()}
            </Fragment>
          ))}
          {mark(token, "end", name, String(arg ?? ""))}
        </>
      ),
    };
  }
  return {
    text: (name, arg) => PERSONAL_TEXT[name](data, String(arg ?? ""), t),
    cases: (name, render, arg) => render[PERSONAL_CASES[name](data, String(arg ?? ""))]?.() ?? null,
  };
}
