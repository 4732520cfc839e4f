/**
 * /users — the account area's layout (spec section 2): only for signed-in shoppers (others go to
 * /auth/login with the origin path), a side menu (Account, Orders, Wishlist, Notifications, Log out) and a
 * Recommended products section below the page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AccountMenu } from "~/components/users/account-menu";
import { island, islandsLoader } from "~/components/ui/island";
import type { loader as rootLoader } from "~/root";
import { requireUser } from "~/storefront/auth.server";
import type { ApiProduct, Paged } from "~/storefront/api-types";

/**
 * Below every account page and only links: its code (the product card's) comes on demand
 * (components/ui/island.tsx), not in the pages' first view; a click before it has hydrated is a
 * plain link.
 */
const RecommendedProducts = island(() => import("~/components/users/recommended-products").then((m) => ({ default: m.RecommendedProducts })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(RecommendedProducts);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const r = await api.get<Paged<ApiProduct>>("/products/?featured=true&page_size=4", { auth: false });
  return data(
    { user: { firstName: user.firstName, lastName: user.lastName }, recommended: r.ok ? r.data.results : [] },
    { headers: await api.headers() },
  );
}

export default function UsersLayout() {
  const { user, recommended } = useLoaderData<typeof loader>();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  return (
    <div className="container-page py-4">
      <div className="flex flex-col gap-4 md:flex-row">
        <div className="contents print:hidden">
          <AccountMenu firstName={user.firstName} />
        </div>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
      <div className="contents print:hidden">
        <RecommendedProducts products={recommended} lite={lite} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
