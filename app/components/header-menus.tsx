/**
 * The header's menus' panels, fetched on demand (islands, components/ui/island.tsx; ./header.tsx):
 * the category list of the phone menu and the member's account menu. Both sit in a <details>
 * that opens without script, and hold links and a plain POST (log out): the server's HTML serves
 * them until the shopper's first interaction, so their code is not in any page's first view.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ShellData } from "~/storefront/shell.server";

/** The phone menu's panel: every category with its subcategories. */
export function CategoryMenu({ categories, closeHref }: { categories: ShellData["categories"]; closeHref: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("header.categories")} className="fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
      <div className="mb-3 flex items-center justify-between">
        <span className="text-lg font-bold">{t("header.categories")}</span>
        <a href={closeHref} className="rounded p-1 text-sm text-gray-600 underline">
          {t("header.close")}
        </a>
      </div>
      <ul className="space-y-1">
        <li>
          <Link to="/all" className="block rounded px-2 py-2 font-medium hover:bg-gray-100">
            {t("header.allProducts")}
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/${c.slug}`} className="block rounded px-2 py-2 font-medium hover:bg-gray-100">
              {c.name}
            </Link>
            <ul className="ml-3 border-l border-gray-200 pl-2">
              {c.children.map((s) => (
                <li key={s.id}>
                  <Link to={`/${s.slug}`} className="block rounded px-2 py-1 text-sm text-gray-700 hover:bg-gray-100">
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The account menu's panel: the member's full name, their pages and Log out. */
export function AccountMenu({ fullName }: { fullName: string }) {
  const { t } = useTranslation();
  return (
    // On a narrow phone the icon may sit at the left: the panel spans the screen there instead of hanging off its edge.
    <div className="absolute right-0 z-40 mt-1 w-52 rounded-md border border-gray-200 bg-white p-1 shadow-lg max-sm:fixed max-sm:inset-x-2 max-sm:w-auto">
      <p className="truncate px-3 py-2 text-sm text-gray-500">{fullName}</p>
      <Link className="block rounded px-3 py-2 text-sm hover:bg-gray-100" to="/users/account/addresses">
        {t("header.account")}
      </Link>
      <Link className="block rounded px-3 py-2 text-sm hover:bg-gray-100" to="/users/orders">
        {t("header.orders")}
      </Link>
      <Link className="block rounded px-3 py-2 text-sm hover:bg-gray-100" to="/users/wishlist">
        {t("header.wishlist")}
      </Link>
      <Link className="block rounded px-3 py-2 text-sm hover:bg-gray-100" to="/users/notification">
        {t("header.notifications")}
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-gray-100">
          {t("header.logOut")}
        </button>
      </Form>
    </div>
  );
}
