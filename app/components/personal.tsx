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
import { useTranslation } from "~/i18n/react";
import { useCartCount } from "./cart/cart-count";
import { mark, PERSONAL_CASES, PERSONAL_TEXT, type CaseName, type PersonalData, type TextName } from "~/domain/personal";

export { ANONYMOUS, MARK_CLOSE, MARK_OPEN, mark, PERSONAL_CASES, PERSONAL_TEXT, type CaseName, type PersonalData, type PersonalT, type TextName } from "~/domain/personal";

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
