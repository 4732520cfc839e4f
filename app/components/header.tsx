import { Form, Link, useLocation, useMatches } from "@remix-run/react";
import { island } from "./ui/island";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import type { ShellData } from "~/storefront/shell.server";
import { usePersonal, type PersonalView } from "./personal";
import { VoiceSearchButton } from "./voice-search";
import { CartIcon, ChevronDown, MenuIcon, SearchIcon, StoreIcon, UserIcon } from "./ui/icons";

/**
 * The menus' panels come on demand (./header-menus.tsx): links and a plain POST in a <details>,
 * the server's HTML until the shopper's first interaction.
 */
const CategoryMenu = island(() => import("./header-menus").then((m) => ({ default: m.CategoryMenu })));
const AccountMenu = island(() => import("./header-menus").then((m) => ({ default: m.AccountMenu })));

/** Paths where the shop chrome (search box) is hidden: the seller area. */
export const isStorePath = (pathname: string) => pathname.startsWith("/stores") || pathname.startsWith("/create-store");

/**
 * The store button (spec section 2): "Become a Vendor" for a guest (to sign in, then the store
 * wizard), "Own a Store" for a signed-in user with no store (the wizard), "Store" for a store
 * owner (the last store's dashboard). Labels are `header.store{Guest,Member,Owner}`.
 */
export function storeButton(shell: Pick<ShellData, "user" | "stores">) {
  if (!shell.user) return { label: "storeGuest", to: "/auth/login?redirectTo=%2Fcreate-store" } as const;
  const last = shell.stores[shell.stores.length - 1];
  if (!last) return { label: "storeMember", to: "/create-store" } as const;
  return { label: "storeOwner", to: `/stores/${last.slug}/dashboard` } as const;
}

/** The storefront's listing and search page: the only page whose `search` the header's box shows. */
const LISTING_ROUTE_ID = "routes/_shop+/$category._index";

/** A bell (inline SVG like ./ui/icons). */
function BellIcon() {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The bell of a signed-in member, with the unread count when there is one. */
function Bell({ own, unread }: { own: PersonalView; unread: boolean }) {
  return (
    <Link to="/users/notification" className="relative rounded p-1.5 hover:bg-gray-100 sm:p-2" aria-label={own.text("unreadLabel")} data-testid="notifications-link">
      <BellIcon />
      {unread ? (
        <span
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {own.text("unreadBadge")}
        </span>
      ) : null}
    </Link>
  );
}

/** The store button's cases (see storeButton): its words and where it leads depend on who is looking. */
function storeLinks(own: PersonalView, t: (key: string) => string, className: string, testId: string, icon: boolean) {
  const link = (to: string, label: string) => () => (
    <Link to={to} className={className} data-testid={testId}>
      {icon ? <StoreIcon width={18} height={18} /> : null}
      {t(`header.${label}`)}
    </Link>
  );
  const guest = storeButton({ user: null, stores: [] });
  return {
    guest: link(guest.to, guest.label),
    member: link("/create-store", "storeMember"),
    owner: link(`/stores/${own.text("storeSlug")}/dashboard`, "storeOwner"),
  };
}

export function Header({ shell }: { shell: ShellData }) {
  const location = useLocation();
  const storeArea = isStorePath(location.pathname);
  const { t } = useTranslation();
  // Everything of the visitor's is a part of ./personal (a shared page fills them per visitor).
  const own = usePersonal();
  // Another page's `search` (e.g. /admin/reviews?search=…) is not a product search.
  const onListing = useMatches().some((m) => m.id === LISTING_ROUTE_ID);
  const search = onListing ? (new URLSearchParams(location.search).get("search") ?? "") : "";
  // Menus are <details> so they open without JavaScript; with it, close them after navigating.
  // Not on the first render: a menu opened before hydration must stay open.
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    document.querySelectorAll<HTMLDetailsElement>("details[data-autoclose]").forEach((d) => (d.open = false));
  }, [location.key]);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="container-page flex flex-wrap items-center gap-2 py-2 max-[359px]:gap-1 sm:flex-nowrap md:gap-4">
        <details className="group md:hidden" id="mobile-menu" data-autoclose>
          <summary className="list-none rounded p-2 hover:bg-gray-100" aria-label={t("header.openMenu")}>
            <MenuIcon />
          </summary>
          <CategoryMenu categories={shell.categories} closeHref={location.pathname + location.search} />
        </details>

        <Link to="/" aria-label={t("header.home")} className="flex shrink-0 items-center gap-1 text-xl font-extrabold tracking-tight text-brand-700 max-[359px]:text-lg">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded bg-brand-600 text-base text-white">B</span>
          <span>BuildMart</span>
        </Link>

        <div className="flex-1 sm:hidden" />
        {!storeArea ? (
          <Form method="get" action="/products/" role="search" className="order-last flex min-w-0 basis-full items-center sm:order-none sm:basis-auto sm:flex-1">
            <label htmlFor="site-search" className="sr-only">
              {t("header.searchLabel")}
            </label>
            <input
              id="site-search"
              name="search"
              type="search"
              defaultValue={search}
              placeholder={t("header.searchPlaceholder")}
              className="min-w-0 flex-1 rounded-l-md border border-gray-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
            />
            <VoiceSearchButton className="mx-1" />
            <button type="submit" className="rounded-r-md bg-brand-700 px-3 py-2 text-white hover:bg-brand-800" aria-label={t("header.search")}>
              <SearchIcon width={20} height={20} />
            </button>
          </Form>
        ) : (
          <div className="hidden flex-1 sm:block" />
        )}

        <Link to="/cart" className="relative rounded p-1.5 hover:bg-gray-100 sm:p-2" aria-label={own.text("cartLabel")}>
          <CartIcon />
          <span
            data-testid="cart-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {own.text("cartCount")}
          </span>
        </Link>

        {own.cases("bell", {
          none: () => null,
          read: () => <Bell own={own} unread={false} />,
          unread: () => <Bell own={own} unread />,
        })}

        {own.cases("account", {
          member: () => (
            <details className="relative" data-testid="account-menu" data-autoclose>
              <summary className="flex list-none items-center gap-1 rounded p-1.5 text-sm font-medium hover:bg-gray-100 sm:p-2">
                <UserIcon width={20} height={20} />
                <span className="hidden max-w-28 truncate sm:inline">{own.text("greeting")}</span>
                <ChevronDown width={16} height={16} className="hidden sm:block" />
              </summary>
              <AccountMenu fullName={own.text("fullName")} />
            </details>
          ),
          guest: () => (
            <Link
              to={`/auth/login${location.pathname !== "/" ? `?redirectTo=${encodeURIComponent(location.pathname + location.search)}` : ""}`}
              className="btn-outline px-3"
            >
              {t("header.logIn")}
            </Link>
          ),
        })}

        {own.cases("store", storeLinks(own, t, "btn-primary hidden px-3 sm:inline-flex", "store-button", true))}
      </div>
      <div className="container-page pb-2 sm:hidden">
        {own.cases("store", storeLinks(own, t, "text-sm font-semibold text-brand-700 underline", "store-button-mobile", false))}
      </div>
    </header>
  );
}
