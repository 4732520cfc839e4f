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
  return { title: t("contact.metaTitle"), description: t("contact.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function ContactPage() {
  const { t } = useTranslation("pages");
  return (
    <StaticPage title={t("contact.title")} intro={t("contact.intro")}>
      <section aria-labelledby="contact-details">
        <h2 id="contact-details">{t("contact.reach.title")}</h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">{t("contact.reach.email")}</dt>
            <dd className="mt-1 text-gray-700">
              <a href="mailto:help@buildmart.ng">help@buildmart.ng</a>
              <span className="mt-1 block text-sm text-gray-500">{t("contact.reach.emailNote")}</span>
            </dd>
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">{t("contact.reach.phone")}</dt>
            <dd className="mt-1 text-gray-700">
              <a href="tel:+2348090001234">+234 809 000 1234</a>
              <span className="mt-1 block text-sm text-gray-500">{t("contact.reach.phoneNote")}</span>
            </dd>
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">{t("contact.reach.address")}</dt>
            <dd className="mt-1 text-gray-700">
              {/* A postal address stays as the post office reads it, in every language. */}
              <address className="not-italic leading-relaxed">
                BuildMart NG
                <br />
                Plot 1203, Ahmadu Bello Way
                <br />
                Central Business District
                <br />
                Abuja, FCT
              </address>
            </dd>
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">{t("contact.reach.hours")}</dt>
            <dd className="mt-1 leading-relaxed text-gray-700">
              {t("contact.reach.weekdays")}
              <br />
              {t("contact.reach.saturday")}
              <br />
              {t("contact.reach.closed")}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="social">
        <h2 id="social">{t("contact.social.title")}</h2>
        <PageParagraphs k="contact.social.p" />
      </section>

      <section aria-labelledby="before-you-contact">
        <h2 id="before-you-contact">{t("contact.faster.title")}</h2>
        <PageList k="contact.faster.items" />
        <PageParagraphs k="contact.faster.after" />
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
