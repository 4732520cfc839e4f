/**
 * The rules of a visitor's own parts of a shared page (the header's cart count, name, bell and
 * store link; the product page's wishlist heart): what they say and which markup each visitor
 * gets. One set of rules for the components (~/components/personal), the page cache's fill
 * (~/ops/personal-fill.server) and the browser, so the filled HTML and a render cannot disagree.
 */
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
