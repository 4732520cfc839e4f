import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { PageList, PageParagraphs, StaticPage, pageMeta, type PageMeta } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requestT } from "~/i18n/i18next.server";

/**
 * Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server).
 * The texts are the `pages` namespace, which only the information pages load.
 */
export const handle = { cache: "public", i18n: ["pages"] };

export async function loader({ request }: LoaderFunctionArgs): Promise<PageMeta> {
  const t = await requestT(request, "pages");
  return { title: t("secure.metaTitle"), description: t("secure.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/**
 * Each topic's anchor and its texts under `secure.<key>` in pages.json: paragraphs (`p`), then a
 * list (`items`) and paragraphs after it (`after`) where the topic has them.
 */
const TOPICS = [
  { id: "secure-payments", key: "payments", list: true, after: false },
  { id: "account-security", key: "account", list: true, after: false },
  { id: "scams-and-fake-sellers", key: "scams", list: true, after: true },
  { id: "pay-on-delivery", key: "delivery", list: true, after: false },
  { id: "data-protection", key: "data", list: false, after: false },
  { id: "reporting-problems", key: "report", list: false, after: false },
] as const;

export default function SecureShoppingPage() {
  const { t } = useTranslation("pages");
  return (
    <StaticPage title={t("secure.title")} intro={t("secure.intro")}>
      <nav aria-label={t("secure.topicsLabel")}>
        <ul className="grid list-none! gap-2 pl-0! sm:grid-cols-2 [&>li]:m-0!">
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a
                href={`#${topic.id}`}
                className="block rounded-lg border border-gray-200 px-4 py-3 no-underline! hover:bg-gray-50"
              >
                {t(`secure.${topic.key}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {TOPICS.map((topic) => (
        <section key={topic.id} aria-labelledby={topic.id}>
          <h2 id={topic.id}>{t(`secure.${topic.key}.title`)}</h2>
          <PageParagraphs k={`secure.${topic.key}.p`} />
          {topic.list ? <PageList k={`secure.${topic.key}.items`} /> : null}
          {topic.after ? <PageParagraphs k={`secure.${topic.key}.after`} /> : null}
        </section>
      ))}
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
