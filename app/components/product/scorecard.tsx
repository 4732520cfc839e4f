/**
 * A store's record over the last 90 days (app/domain/scorecard.ts, GET /stores/{slug}/scorecard/),
 * on its store page and in the product page's seller block: plain words with the counts behind each
 * percentage ("96% sent on time (48 of 50 orders)"), or "New seller" under 5 orders.
 */
import { useTranslation } from "~/i18n/react";
import { Stars } from "~/components/ui/stars";
import type { ApiScorecard } from "~/api/stores/schemas";

/** `heading`: h2 under the store page's h1, h3 inside the seller block's h2. */
export function StoreScorecard({ card, className = "", heading = "h3" }: { card: ApiScorecard; className?: string; heading?: "h2" | "h3" }) {
  const { t } = useTranslation("shop");
  const H = heading;
  return (
    <section aria-labelledby="scorecard-h" className={className} data-testid="scorecard">
      <H id="scorecard-h" className="text-sm font-semibold text-gray-800">
        {t("scorecard.title")}
      </H>
      <ul className="mt-1 space-y-0.5 text-sm text-gray-700">
        {card.new_seller ? (
          <li data-testid="new-seller">{t("scorecard.newSeller")}</li>
        ) : (
          <>
            <li>{t("scorecard.delivered", { n: card.delivered, of: card.orders })}</li>
            <li>{card.on_time.percent === null ? t("scorecard.noneShipped") : t("scorecard.onTime", { ...card.on_time })}</li>
            <li>{t("scorecard.cancelled", { ...card.cancelled })}</li>
            {card.returned.percent !== null ? <li>{t("scorecard.returned", { ...card.returned })}</li> : null}
          </>
        )}
        <li className="inline-flex items-center gap-1">
          {card.rating_average !== null ? (
            <>
              <Stars value={card.rating_average} size={14} /> {card.rating_average.toFixed(1)} ({t("product.reviewCount", { count: card.rating_count })})
            </>
          ) : (
            t("seller.noReviews")
          )}
        </li>
      </ul>
    </section>
  );
}
