import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/i18n/dates";
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
  return { title: t("terms.metaTitle"), description: t("terms.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** The day of this version (written in the reader's language, ~/i18n/dates). */
const LAST_UPDATED = "2023-01-31T12:00:00+01:00";

/** Each section's anchor (other pages link to them) and its texts under `terms.<key>`. */
const SECTIONS = [
  { id: "introduction", key: "introduction" },
  { id: "registration-and-account", key: "account" },
  { id: "terms-of-sale", key: "sale" },
  { id: "returns-and-refunds", key: "returns" },
  { id: "payments", key: "payments" },
  { id: "store-credit", key: "credit" },
  { id: "promotions", key: "promotions" },
  { id: "rules-about-content", key: "content" },
] as const;

export default function TermsPage() {
  const { t } = useTranslation("pages");
  return (
    <StaticPage
      legal
      title={t("terms.title")}
      intro={
        <>
          <p className="text-sm text-gray-500">{t("terms.lastUpdated", { date: formatDate(LAST_UPDATED, t, "date") })}</p>
          <p className="mt-2">{t("terms.intro")}</p>
        </>
      }
    >
      <nav aria-labelledby="toc-heading" className="rounded-lg border border-gray-200 bg-gray-50 p-4">
        <h2 id="toc-heading" className="text-base! mb-2">
          {t("terms.contents")}
        </h2>
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{t(`terms.${s.key}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>

      {SECTIONS.map((s, i) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>
            {i + 1}. {t(`terms.${s.key}.title`)}
          </h2>
          <PageParagraphs k={`terms.${s.key}.p`} />
        </section>
      ))}
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
