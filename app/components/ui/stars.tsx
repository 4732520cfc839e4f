/** Five stars with whole and half stars (spec section 3), as inline SVG, named in the reader's language; no client code. */
import { useTranslation } from "~/i18n/react";

const PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

export function Stars({ value, size = 16, className = "" }: { value: number; size?: number; className?: string }) {
  const rounded = Math.round(Math.max(0, Math.min(5, value)) * 2) / 2;
  const { t } = useTranslation("shop");
  const label = t("reviews.rated", { value: rounded });
  return (
    <span role="img" aria-label={label} title={label} className={`inline-flex items-center gap-0.5 ${className}`}>
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = rounded >= i ? "full" : rounded >= i - 0.5 ? "half" : "empty";
        return (
          <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" data-star={fill}>
            {fill === "half" ? (
              <defs>
                <linearGradient id={`half-${size}`}>
                  <stop offset="50%" stopColor="#d97706" />
                  <stop offset="50%" stopColor="#e5e7eb" />
                </linearGradient>
              </defs>
            ) : null}
            <path d={PATH} fill={fill === "full" ? "#d97706" : fill === "half" ? `url(#half-${size})` : "#e5e7eb"} />
          </svg>
        );
      })}
    </span>
  );
}
