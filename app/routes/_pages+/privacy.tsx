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
  return { title: t("privacy.metaTitle"), description: t("privacy.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** The cookies' names, in the order of `privacy.cookies.rows` in pages.json. */
const COOKIES = ["__session", "cartId", "lite"] as const;

/**
 * The numbered sections before and after the cookie table: anchor and texts under
 * `privacy.<key>` (paragraphs `p`, then a list `items` and paragraphs `after` where it has them).
 */
const BEFORE_COOKIES = [
  { id: "who-we-are", key: "who", list: false },
  { id: "data-we-collect", key: "collect", list: true },
  { id: "how-we-use", key: "use", list: true },
  { id: "sharing", key: "sharing", list: true },
  { id: "retention", key: "retention", list: false },
  { id: "security", key: "security", list: false },
  { id: "your-rights", key: "rights", list: true },
  { id: "newsletter", key: "newsletter", list: false },
] as const;
const AFTER_COOKIES = [
  { id: "children", key: "children" },
  { id: "changes", key: "changes" },
  { id: "contact-us", key: "contact" },
] as const;

export default function PrivacyPage() {
  const { t } = useTranslation("pages");
  const cookiesNumber = BEFORE_COOKIES.length + 1;
  return (
    <StaticPage legal title={t("privacy.title")} intro={t("privacy.intro")}>
      {BEFORE_COOKIES.map((s, i) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>
            {i + 1}. {t(`privacy.${s.key}.title`)}
          </h2>
          {s.key === "collect" ? null : <PageParagraphs k={`privacy.${s.key}.p`} />}
          {s.list ? <PageList k={`privacy.${s.key}.items`} /> : null}
          {s.list && s.key !== "collect" ? <PageParagraphs k={`privacy.${s.key}.after`} /> : null}
        </section>
      ))}

      <section aria-labelledby="cookies">
        <h2 id="cookies">
          {cookiesNumber}. {t("privacy.cookies.title")}
        </h2>
        <PageParagraphs k="privacy.cookies.p" />
        <div className="overflow-x-auto rounded-lg border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
            <caption className="sr-only">{t("privacy.cookies.caption")}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold text-gray-900">
                  {t("privacy.cookies.cookie")}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold text-gray-900">
                  {t("privacy.cookies.purpose")}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold text-gray-900">
                  {t("privacy.cookies.duration")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {COOKIES.map((name, i) => (
                <tr key={name}>
                  <th scope="row" className="px-4 py-2 align-top font-mono font-normal text-gray-900">
                    {name}
                  </th>
                  <td className="px-4 py-2 align-top text-gray-700">{t(`privacy.cookies.rows.${i}.purpose`)}</td>
                  <td className="px-4 py-2 align-top whitespace-nowrap text-gray-700">{t(`privacy.cookies.rows.${i}.duration`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PageParagraphs k="privacy.cookies.after" />
      </section>

      {AFTER_COOKIES.map((s, i) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>
            {cookiesNumber + 1 + i}. {t(`privacy.${s.key}.title`)}
          </h2>
          <PageParagraphs k={`privacy.${s.key}.p`} />
        </section>
      ))}
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
