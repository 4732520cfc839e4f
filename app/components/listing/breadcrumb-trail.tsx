/** The breadcrumb trail itself; pages take it from ./breadcrumb.tsx, where it is an island. */
import { useTranslation } from "~/i18n/react";
import { Link } from "@remix-run/react";

import type { Crumb } from "./breadcrumb";

/** Home plus the path's segments (spec section 2). The last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation("shop");
  const all: Crumb[] = [{ label: t("listing.home"), to: "/" }, ...crumbs];
  return (
    <nav aria-label={t("listing.breadcrumb")} className="text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((c, i) => {
          const last = i === all.length - 1;
          return (
            <li key={`${c.label}-${i}`} className="flex items-center gap-1">
              {i > 0 ? <span aria-hidden>/</span> : null}
              {c.to && !last ? (
                <Link to={c.to} className="hover:text-brand-700 hover:underline">
                  {c.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-ink" : undefined}>
                  {c.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
