import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { PageParagraphs, StaticPage, pageMeta, type PageMeta } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requestT } from "~/i18n/i18next.server";

/**
 * Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server).
 * The texts are the `pages` namespace, which only the information pages load.
 */
export const handle = { cache: "public", i18n: ["pages"] };

export async function loader({ request }: LoaderFunctionArgs): Promise<PageMeta> {
  const t = await requestT(request, "pages");
  return { title: t("faq.metaTitle"), description: t("faq.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** The questions' anchors (links point at them), in the order of `faq.items` in pages.json. */
const FAQ_IDS = [
  "place-order",
  "payment-methods",
  "pay-on-delivery",
  "guest-checkout",
  "delivery",
  "track-order",
  "cancel-order",
  "sale-or-rent",
  "returns",
  "become-vendor",
] as const;

export default function FaqPage() {
  const { t } = useTranslation("pages");
  return (
    <StaticPage title={t("faq.title")} intro={t("faq.intro")}>
      <div className="divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200">
        {FAQ_IDS.map((id, i) => (
          <details key={id} id={id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-700 [&::-webkit-details-marker]:hidden">
              <span>{t(`faq.items.${i}.q`)}</span>
              <span
                aria-hidden="true"
                className="shrink-0 text-xl leading-none text-gray-500 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className="space-y-3 px-4 pb-4">
              <PageParagraphs k={`faq.items.${i}.a`} />
            </div>
          </details>
        ))}
      </div>

      <section aria-labelledby="faq-support">
        <h2 id="faq-support">{t("faq.support.title")}</h2>
        <PageParagraphs k="faq.support.p" />
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
