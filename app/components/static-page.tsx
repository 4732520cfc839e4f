import type { ReactNode } from "react";

export interface StaticPageProps {
  /** Page heading, rendered as the page's only <h1>. */
  title: string;
  /** Optional lead text shown under the heading. A string is wrapped in a paragraph. */
  intro?: ReactNode;
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
export function StaticPage({ title, intro, children }: StaticPageProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
    <article>
      <header className="mb-8 border-b border-gray-200 pb-6">
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
