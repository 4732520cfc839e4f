import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";

export interface StaticPageProps {
  /** Page heading, rendered as the page's only <h1>. */
  title: string;
  /** Optional lead text shown under the heading. A string is wrapped in a paragraph. */
  intro?: ReactNode;
  /**
   * A legal text (privacy, terms): outside English it opens with a line, in the reader's
   * language, saying that the English version is the one that binds.
   */
  legal?: boolean;
  children: ReactNode;
}

/**
 * Shared layout for the static information pages (/faq, /about, /terms, /privacy, ...).
 *
 * Pages write plain semantic markup (<section>, <h2>, <h3>, <p>, <ul>, <ol>, <a>) and this
 * wrapper gives it consistent typography through descendant utilities, since the Tailwind
 * typography plugin is not used. Direct children are spaced apart, and elements inside a
 * <section> are spaced from the element before them.
 */
export function StaticPage({ title, intro, legal, children }: StaticPageProps) {
  const { t, i18n } = useTranslation("pages");
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
    <article>
      <header className="mb-8 border-b border-gray-200 pb-6">
        {legal && i18n.language !== "en" ? (
          <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="english-binds">
            {t("englishBinds")}
          </p>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        {intro ? (
          <div className="mt-3 leading-relaxed text-gray-700">
            {typeof intro === "string" ? <p>{intro}</p> : intro}
          </div>
        ) : null}
      </header>
      <div
        className={[
          "space-y-8",
          "[&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900",
          "[&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900",
          "[&_p]:leading-relaxed [&_p]:text-gray-700",
          "[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6",
          "[&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6",
          "[&_li]:leading-relaxed [&_li]:text-gray-700",
          "[&_strong]:font-semibold [&_strong]:text-gray-900",
          "[&_a]:font-medium [&_a]:text-green-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-green-800",
          "[&_section>*+*]:mt-3",
        ].join(" ")}
      >
        {children}
      </div>
    </article>
    </main>
  );
}

/**
 * The tags a message of the `pages` namespace may hold (tests/unit/i18n-keys.test.ts keeps them
 * the same in every language): bold words and the links inside a sentence, so a translation can
 * move a link where its grammar puts it.
 */
const TAGS = {
  strong: <strong />,
  mail: <a href="mailto:help@buildmart.ng" />,
  contact: <Link to="/contact" />,
  faq: <Link to="/faq" />,
  terms: <Link to="/terms" />,
  returns: <Link to="/terms#returns-and-refunds" />,
  privacy: <Link to="/privacy" />,
  secure: <Link to="/secure-shopping" />,
  orders: <Link to="/users/orders" />,
  forgot: <Link to="/forget-password" />,
};

/** One message of the `pages` namespace, with its bold words and links. */
export function PageText({ k }: { k: string }) {
  const { t } = useTranslation("pages");
  return <Trans t={t} i18nKey={k} components={TAGS} />;
}

/** The number of entries of a list message (an array in pages.json), 0 when it has none. */
export function usePageList(k: string): number {
  const { t } = useTranslation("pages");
  const list: unknown = t(k, { returnObjects: true });
  return Array.isArray(list) ? list.length : 0;
}

/** A list message as paragraphs. */
export function PageParagraphs({ k }: { k: string }) {
  const n = usePageList(k);
  return (
    <>
      {Array.from({ length: n }, (_, i) => (
        <p key={i}>
          <PageText k={`${k}.${i}`} />
        </p>
      ))}
    </>
  );
}

/** A list message as a bulleted list. */
export function PageList({ k }: { k: string }) {
  const n = usePageList(k);
  return (
    <ul>
      {Array.from({ length: n }, (_, i) => (
        <li key={i}>
          <PageText k={`${k}.${i}`} />
        </li>
      ))}
    </ul>
  );
}

/** What a page's loader gives its meta: the title and description in the reader's language. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The `<title>` and description of an information page from its loader's PageMeta. */
export function pageMeta(data: PageMeta | undefined) {
  return [{ title: `${data?.title ?? "BuildMart"} | BuildMart NG` }, ...(data ? [{ name: "description", content: data.description }] : [])];
}
