/**
 * Who sells a product: the store's logo and name (a link to its shop page
 * /shop/<slug>), the "Verified seller" badge (stores.verified_at: a passing registry check or an admin's audited approval, decision 0032), the
 * state it ships from and the average rating of its products, from the product detail's `seller`;
 * its record over 90 days (./scorecard.tsx) when the page read it.
 */
import { useTranslation } from "~/i18n/react";
import { Link } from "@remix-run/react";
import { Stars } from "~/components/ui/stars";
import type { ApiSeller } from "~/api/catalog/schemas";
import { stateLabel } from "./delivery-promise";
import { StoreScorecard } from "./scorecard";
import type { ApiScorecard } from "~/api/stores/schemas";

export function SellerBlock({ seller, scorecard = null }: { seller: ApiSeller; scorecard?: ApiScorecard | null }) {
  const shop = `/shop/${encodeURIComponent(seller.slug)}`;
  const { t } = useTranslation("shop");
  return (
    <section aria-labelledby="seller-h" className="mt-4 rounded-lg border border-gray-200 bg-white p-3" data-testid="seller-block">
      <h2 id="seller-h" className="text-xs font-semibold uppercase tracking-wide text-gray-600">
        {t("seller.soldBy")}
      </h2>
      <div className="mt-2 flex items-center gap-3">
        {seller.logo ? (
          <img src={`${seller.logo}${seller.logo.includes("?") ? "&" : "?"}w=96`} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-full border border-gray-200 object-cover" />
        ) : (
          <span aria-hidden className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-700">
            {seller.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold">
            <Link to={shop} className="text-brand-700 hover:underline" data-testid="sold-by">
              {seller.name}
            </Link>
            {seller.verified ? (
              <span className="ml-2 inline-block rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800" data-testid="verified-seller">
                ✓ {t("seller.verified")}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-gray-700">
            {seller.state ? <span data-testid="seller-state">{t("seller.shipsFrom", { state: stateLabel(seller.state) })}</span> : null}
            {seller.state ? " · " : null}
            {seller.rating_average !== null ? (
              <span className="inline-flex items-center gap-1" data-testid="seller-rating">
                <Stars value={seller.rating_average} size={14} /> {seller.rating_average.toFixed(1)} ({t("product.reviewCount", { count: seller.rating_count })})
              </span>
            ) : (
              <span data-testid="seller-rating">{t("seller.noReviews")}</span>
            )}
          </p>
        </div>
      </div>
      {scorecard ? <StoreScorecard card={scorecard} className="mt-3 border-t border-gray-100 pt-2" /> : null}
      <Link to={shop} className="btn-outline mt-3 w-full">
        {t("seller.visitShop")}
      </Link>
    </section>
  );
}
