/** The account area's side menu (spec section 2): Account, Orders, Quotes (issue 35), Wishlist, Notifications, Log out. */
import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** The items and their `account:menu.*` labels. */
const ITEMS = [
  { to: "/users/account/addresses", label: "account" },
  { to: "/users/orders", label: "orders" },
  { to: "/users/quotes", label: "quotes" },
  { to: "/users/wishlist", label: "wishlist" },
  { to: "/users/notification", label: "notifications" },
  { to: "/users/account/channels", label: "channels" },
] as const;

export function AccountMenu({ firstName }: { firstName: string }) {
  const { t } = useTranslation("account");
  return (
    <nav aria-label={t("menu.label")} className="shrink-0 md:w-56">
      <p className="mb-2 hidden px-3 text-sm text-gray-600 md:block">{firstName ? t("menu.hi", { name: firstName }) : t("menu.hi_there")}</p>
      {/* On phones the items wrap onto rows: nothing off-screen at 320 px. */}
      <ul className="flex flex-wrap gap-1 rounded-lg border border-gray-200 bg-white p-1 md:flex-col md:flex-nowrap" data-testid="account-area-menu">
        {ITEMS.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              prefetch="intent"
              className={({ isActive }) =>
                `block rounded px-3 py-2 text-sm font-medium hover:bg-brand-50 ${isActive ? "bg-brand-50 text-brand-700" : "text-ink"}`
              }
            >
              {t(`menu.${item.label}`)}
            </NavLink>
          </li>
        ))}
        <li className="shrink-0">
          {/* A link to the /logout page, whose button logs out with a POST (nothing changes on a GET). */}
          <a href="/logout" className="block rounded px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50">
            {t("menu.logout")}
          </a>
        </li>
      </ul>
    </nav>
  );
}
