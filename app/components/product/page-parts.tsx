/**
 * The product page's parts under the buy box, fetched on demand (the route loads them as islands,
 * components/ui/island.tsx): the type and category, the seller, the share links, the description,
 * the latest reviews and the Similar items row. All of it is the server's HTML on the first view
 * (links, the description's details/summary and the share field work without script); their code
 * is not in the page's first view. The Copy link button, which needs script, appears once the code
 * is here (at the shopper's first interaction).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ApiSeller } from "~/api/catalog/schemas";
import type { CardProduct } from "~/components/product-card";
import { ProductScrollRow } from "~/components/listing/scroll-row";
import { Description } from "./description";
import { ReviewItem, type ApiReview, type ReviewSummary } from "./reviews";
import { SellerBlock } from "./seller";
import type { ApiScorecard } from "~/api/stores/schemas";
import { ShareLinks } from "./share";

export interface ProductAboutProps {
  type: string;
  categoryName: string;
  categorySlug: string;
  seller: ApiSeller | null | undefined;
  /** The seller's record over 90 days (GET /stores/{slug}/scorecard/), when it could be read. */
  scorecard?: ApiScorecard | null;
  name: string;
  shareUrl: string;
  description: string;
}

/** Type, category, seller, share links and the description (the buy box's column, under it). */
export function ProductAbout({ type, categoryName, categorySlug, seller, scorecard, name, shareUrl, description }: ProductAboutProps) {
  const { t } = useTranslation("shop");
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t("product.type")}</dt>
        <dd className="font-medium">{type === "rent" ? t("listing.chip.rent") : t("listing.chip.sale")}</dd>
        <dt className="text-gray-600">{t("product.category")}</dt>
        <dd>
          <Link to={`/${categorySlug}`} className="font-medium text-brand-700 hover:underline">
            {categoryName}
          </Link>
        </dd>
      </dl>
      {seller ? <SellerBlock seller={seller} scorecard={scorecard ?? null} /> : null}
      <ShareLinks name={name} url={shareUrl} />
      <section className="mt-6" aria-labelledby="desc-h">
        <h2 id="desc-h" className="mb-1 text-lg font-bold">
          {t("product.description")}
        </h2>
        <Description text={description} />
      </section>
    </>
  );
}

export interface ProductBelowProps {
  /** The page's path without a trailing slash (its reviews page is `${base}/reviews`). */
  base: string;
  reviews: ApiReview[];
  summary: Pick<ReviewSummary, "count" | "average">;
  similar: CardProduct[];
  lite: boolean;
}

/** The latest reviews and the Similar items row, under the page's grid. */
export function ProductBelow({ base, reviews, summary, similar, lite }: ProductBelowProps) {
  const { t } = useTranslation("shop");
  return (
    <>
      <section className="mt-8 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="reviews-h">
        <div className="flex items-baseline justify-between">
          <h2 id="reviews-h" className="text-lg font-bold">
            {t("product.reviews")}
          </h2>
          {summary.count > 0 ? (
            <span className="text-sm text-gray-600">
              {t("product.outOf5", { average: summary.average.toFixed(1) })} · {t("product.reviewCount", { count: summary.count })}
            </span>
          ) : null}
        </div>
        {reviews.length ? (
          <ul>
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t("product.noReviews")}</p>
        )}
        <Link to={`${base}/reviews`} className="btn-outline mt-3">
          {t("product.loadMore")}
        </Link>
      </section>

      {similar.length ? (
        <section className="mt-8" aria-labelledby="similar-h">
          <h2 id="similar-h" className="mb-2 text-lg font-bold">
            {t("product.similar")}
          </h2>
          <ProductScrollRow products={similar} lite={lite} label={t("product.similar")} />
        </section>
      ) : null}
    </>
  );
}
