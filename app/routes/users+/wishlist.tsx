/**
 * /users/wishlist — the signed-in shopper's wishlist (spec sections 2 and 4).
 * Intents: toggle (hearts on cards and product pages, anywhere), remove, move (adds to the cart,
 * then removes from the wishlist). Plain POSTs answer 303 with a flash message; fetcher posts
 * (the `_fetcher` field) get data back.
 */
import { useTranslation } from "~/i18n/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WishlistEntry } from "~/components/users/wishlist-entry";
import { apiFor } from "~/storefront/api.server";
import { requireUser } from "~/storefront/auth.server";
import { addToCart } from "~/storefront/cart.server";
import { formAnswerer, positiveId } from "~/storefront/form-answer.server";
import { safeRedirect } from "~/storefront/session.server";
import { loadWishlist, removeWishlistEntry, toggleWishlist } from "~/storefront/wishlist.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";
import { requestT } from "~/i18n/i18next.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const entries = await loadWishlist(api);
  const t = await requestT(request, "shop");
  return data({ entries, origin: new URL(request.url).origin, title: t("wishlist.title") }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "toggle" && intent !== "remove" && intent !== "move") throw unknownIntent();
  const viaFetcher = form.get("_fetcher") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/users/wishlist");
  const api = await apiFor(request, context);
  if (!api.user) {
    // Hearts are only shown to signed-in shoppers; a stale page still gets somewhere useful.
    return redirect(`/auth/login?redirectTo=${encodeURIComponent(back)}`, { status: 303 });
  }
  const cookies: string[] = [];
  const answer = formAnswerer(api, { viaFetcher, back, cookies });
  const t = await requestT(request, "shop");

  if (intent === "toggle") {
    const productId = positiveId(form.get("productId"));
    if (!productId) return answer({ ok: false, message: t("cart.chooseProduct") });
    const r = await toggleWishlist(api, productId);
    if (!r.ok) return answer({ ok: false, message: t("wishlist.changeFailed") });
    return answer({ ok: true, message: r.inWishlist ? t("wishlist.added") : t("wishlist.removed") });
  }

  const entryId = positiveId(form.get("entryId"));
  if (!entryId) return answer({ ok: false, message: t("wishlist.chooseItem") });
  if (intent === "remove") {
    const ok = await removeWishlistEntry(api, entryId);
    return answer(ok ? { ok: true, message: t("wishlist.removed") } : { ok: false, message: t("cart.removeFailed") });
  }
  // intent === "move": add to the cart, then remove from the wishlist
  {
    const entry = (await loadWishlist(api)).find((e) => e.id === entryId);
    if (!entry) return answer({ ok: false, message: t("wishlist.itemGone") });
    const added = await addToCart(api, request, entry.product_id, 1);
    if (added.setCookie) cookies.push(added.setCookie);
    if (!added.ok) return answer({ ok: false, message: added.message });
    await removeWishlistEntry(api, entry.id);
    return answer({ ok: true, message: t("wishlist.moved", { name: entry.product.name }) });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Wishlist"} | BuildMart NG` }];

export const handle = { i18n: ["shop"] };

export default function WishlistRoute() {
  const { entries, origin } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shop");
  return (
    <main>
      <h1 className="text-xl font-bold sm:text-2xl">
        {t("wishlist.title")} <span className="text-base font-medium text-gray-600" data-testid="wishlist-count">({entries.length})</span>
      </h1>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-lg border border-gray-200 bg-white p-6 text-center text-gray-700">{t("wishlist.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label={t("wishlist.items")}>
          {entries.map((e) => (
            <WishlistEntry key={e.id} entry={e} origin={origin} />
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
