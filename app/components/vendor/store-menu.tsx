/**
 * The seller area's side panel (spec section 2): the store's logo and name, then the menu
 * Dashboard, Products, Orders, Customers, Members (owners only), Notifications, Payouts, Returns, Quotes (issue 35),
 * Verification (the business check), Log out. The current item carries aria-current="page" (a section counts for its sub-pages, e.g.
 * an order's page marks Orders). On phones the items wrap onto as many rows as they need (nothing
 * off-screen at 320 px, no sideways scrolling); no JavaScript. Texts: `seller:shell` (the page declares
 * the `seller` namespace: ../../routes/stores+/$slug.tsx).
 */
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Spinner } from "../ui/spinner";

export interface StoreMenuStore {
  name: string;
  slug: string;
  logo: string | null;
}

/** The menu: [label (its key under `seller:shell`), section (the path under the store), link when it is not the section]. */
const MENU: [string, string, string?][] = [
  ["dashboard", "dashboard"],
  ["products", "products"],
  ["orders", "orders", "orders/history"],
  ["customers", "customers"],
  ["members", "members"],
  ["notifications", "notification"],
  ["payouts", "payouts"],
  ["returns", "returns"],
  ["quotes", "quotes"],
  ["verification", "verification"],
  ["delivery", "delivery"],
];

/** The menu's items; `label` is the item's key under `seller:shell`. Members: owners only. */
export function storeMenuItems(slug: string, isOwner: boolean) {
  const base = `/stores/${encodeURIComponent(slug)}`;
  return MENU.filter(([label]) => isOwner || label !== "members").map(([label, section, to = section]) => ({ to: `${base}/${to}`, section: `${base}/${section}`, label }));
}

const inSection = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

export function StoreMenu({ store, isOwner }: { store: StoreMenuStore; isOwner: boolean }) {
  const { t } = useTranslation("seller");
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const items = storeMenuItems(store.slug, isOwner);
  return (
    <aside className="shrink-0 md:w-60" aria-label={t("shell.storeLabel")}>
      <div className="mb-3 flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
        {store.logo ? (
          <img src={store.logo} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full border object-cover" />
        ) : (
          <span aria-hidden className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-700">
            {store.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="store-name">
            {store.name}
          </p>
          <Link to={`/shop/${encodeURIComponent(store.slug)}`} className="text-xs text-brand-700 underline">
            {t("shell.viewPublic")}
          </Link>
        </div>
        {navigation.state === "loading" ? <Spinner className="h-4 w-4 text-brand-700" /> : null}
      </div>
      <nav aria-label={t("shell.menuLabel")}>
        <ul className="flex flex-wrap gap-1 rounded-lg border border-gray-200 bg-white p-1 md:flex-col md:flex-nowrap" data-testid="store-menu">
          {items.map((item) => {
            const current = inSection(pathname, item.section);
            return (
              <li key={item.to} className="shrink-0">
                <Link
                  to={item.to}
                  prefetch="intent"
                  aria-current={current ? "page" : undefined}
                  className={`block whitespace-nowrap rounded px-3 py-2 text-sm font-medium hover:bg-brand-50 ${current ? "bg-brand-50 text-brand-700" : "text-ink"}`}
                >
                  {t(`shell.${item.label}`)}
                </Link>
              </li>
            );
          })}
          <li className="shrink-0">
            {/* The /logout page's button logs out with a POST (nothing changes on a GET). */}
            <a href="/logout" className="block whitespace-nowrap rounded px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50">
              {t("shell.logout")}
            </a>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
