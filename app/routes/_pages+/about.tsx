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
  return { title: t("about.metaTitle"), description: t("about.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AboutPage() {
  const { t } = useTranslation("pages");
  return (
    <StaticPage title={t("about.title")} intro={t("about.intro")}>
      <section aria-labelledby="who-we-are">
        <h2 id="who-we-are">{t("about.who.title")}</h2>
        <PageParagraphs k="about.who.p" />
      </section>

      <section aria-labelledby="what-you-find">
        <h2 id="what-you-find">{t("about.find.title")}</h2>
        <PageList k="about.find.items" />
        <PageParagraphs k="about.find.after" />
      </section>

      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works">{t("about.buyers.title")}</h2>
        <PageParagraphs k="about.buyers.p" />
      </section>

      <section aria-labelledby="for-vendors">
        <h2 id="for-vendors">{t("about.vendors.title")}</h2>
        <PageParagraphs k="about.vendors.p" />
      </section>

      <section aria-labelledby="our-promise">
        <h2 id="our-promise">{t("about.promise.title")}</h2>
        <PageList k="about.promise.items" />
        <PageParagraphs k="about.promise.after" />
      </section>

      <section aria-labelledby="get-in-touch">
        <h2 id="get-in-touch">{t("about.touch.title")}</h2>
        <PageParagraphs k="about.touch.p" />
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
