/**
 * /users/wishlist — the signed-in shopper's wishlist (spec sections 2 and 4).
 * Intents: toggle (hearts on cards and product pages, anywhere), remove, move (adds to the cart,
 * then removes from the wishlist). Plain POSTs answer 303 with a flash message; fetcher posts
 * (the `_fetcher` field) get data back.
 */
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

export const EMPTY_WISHLIST = "Your wishlist is empty. Sprinkle it with wishes and turn it into a party of dreams!";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const entries = await loadWishlist(api);
  return data({ entries, origin: new URL(request.url).origin }, { headers: await api.headers() });
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

  if (intent === "toggle") {
    const productId = positiveId(form.get("productId"));
    if (!productId) return answer({ ok: false, message: "Choose a product first." });
    const r = await toggleWishlist(api, productId);
    if (!r.ok) return answer({ ok: false, message: "Your wishlist could not be changed. Please try again." });
    return answer({ ok: true, message: r.inWishlist ? "Added to your wishlist" : "Removed from your wishlist" });
  }

  const entryId = positiveId(form.get("entryId"));
  if (!entryId) return answer({ ok: false, message: "Choose an item first." });
  if (intent === "remove") {
    const ok = await removeWishlistEntry(api, entryId);
    return answer(ok ? { ok: true, message: "Removed from your wishlist" } : { ok: false, message: "That item could not be removed." });
  }
  // intent === "move": add to the cart, then remove from the wishlist
  {
    const entry = (await loadWishlist(api)).find((e) => e.id === entryId);
    if (!entry) return answer({ ok: false, message: "That item is no longer in your wishlist." });
    const added = await addToCart(api, request, entry.product_id, 1);
    if (added.setCookie) cookies.push(added.setCookie);
    if (!added.ok) return answer({ ok: false, message: added.message });
    await removeWishlistEntry(api, entry.id);
    return answer({ ok: true, message: `${entry.product.name} moved to your cart` });
  }
}

export const meta: MetaFunction = () => [{ title: "Wishlist | BuildMart NG" }];

export default function WishlistRoute() {
  const { entries, origin } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1 className="text-xl font-bold sm:text-2xl">
        Wishlist <span className="text-base font-medium text-gray-600" data-testid="wishlist-count">({entries.length})</span>
      </h1>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-lg border border-gray-200 bg-white p-6 text-center text-gray-700">{EMPTY_WISHLIST}</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Wishlist items">
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
