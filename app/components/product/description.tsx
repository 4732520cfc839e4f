/** The description collapsed at 50 words with Read More / Read Less (details/summary, no script). */
import { useTranslation } from "~/i18n/react";

export const DESCRIPTION_WORDS = 50;

export function Description({ text }: { text: string }) {
  const { t } = useTranslation("shop");
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= DESCRIPTION_WORDS) return <p className="whitespace-pre-line text-gray-700" data-user-text>
        {text}
      </p>;
  const short = words.slice(0, DESCRIPTION_WORDS).join(" ");
  return (
    <div className="group/desc text-gray-700">
      <p className="group-has-[details[open]]/desc:hidden" data-testid="description-short" data-user-text>
        {short}…
      </p>
      <details className="group">
        <summary className="mt-1 inline-block list-none font-semibold text-brand-700 hover:underline">
          <span className="group-open:hidden">{t("product.readMore")}</span>
          <span className="hidden group-open:inline">{t("product.readLess")}</span>
        </summary>
        <p className="mt-1 whitespace-pre-line" data-testid="description-full" data-user-text>
          {text}
        </p>
      </details>
    </div>
  );
}
