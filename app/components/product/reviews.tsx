import { useTranslation } from "~/i18n/react";
import { formatDate, type DateReader } from "~/i18n/dates";
import { Stars } from "~/components/ui/stars";
import type { ApiReview, ApiReviewSummary } from "~/storefront/api-types";

export type { ApiReview };
export type ReviewSummary = ApiReviewSummary;

/** "4 September 2025": the review's day in Lagos, in the reader's language (~/i18n/dates). */
export const reviewDate = (iso: string, reader: DateReader) => formatDate(iso, reader, "date");

export function ReviewItem({ review }: { review: ApiReview }) {
  const { t } = useTranslation("shop");
  const name = `${review.first_name} ${review.last_name}`.trim() || t("reviews.verifiedBuyer");
  return (
    <li className="border-b border-gray-100 py-3 last:border-0">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="text-sm font-semibold">{name}</span>
        {review.verified_purchase ? (
          <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800" data-testid="verified-purchase">
            {t("reviews.verifiedPurchase")}
          </span>
        ) : null}
        <time dateTime={review.created_at} className="text-xs text-gray-500">
          {reviewDate(review.created_at, t)}
        </time>
      </div>
      <p className="mt-1 text-sm text-gray-700" data-user-text>
        {review.review_text}
      </p>
    </li>
  );
}

/** Average, stars and a bar per star, computed from the product's real reviews. */
export function SummaryCard({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation("shop");
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4" data-testid="review-summary">
      <p className="text-4xl font-extrabold">
        {summary.average.toFixed(1)}
        <span className="text-base font-normal text-gray-500"> / 5</span>
      </p>
      <Stars value={summary.average} size={20} />
      <p className="mt-1 text-sm text-gray-600">
        {t("product.reviewCount", { count: summary.count })}
      </p>
      <dl className="mt-3 space-y-1">
        {[5, 4, 3, 2, 1].map((star) => {
          const n = summary.counts[String(star)] ?? 0;
          const pct = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <div key={star} className="flex items-center gap-2 text-sm">
              <dt className="w-12 shrink-0">{t("reviews.stars", { count: star })}</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded bg-gray-200" aria-hidden>
                  <span className="block h-full bg-amber-500" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-8 text-right tabular-nums" data-testid={`star-count-${star}`}>
                  {n}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
