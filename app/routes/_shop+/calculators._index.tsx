/** /calculators: the project calculators (issue 34 item 3), one card each. Nothing of the visitor's: public. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CALCULATOR_KINDS } from "~/domain/calculators";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

export const handle = { cache: "public", i18n: ["calc"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requestT(request, "calc");
  return { title: t("index.title"), description: t("index.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Project calculators"} | BuildMart NG` },
  { name: "description", content: data?.description ?? "" },
];

export default function CalculatorsIndex() {
  const { t } = useTranslation("calc");
  return (
    <main className="container-page py-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t("index.title")}</h1>
      <p className="mt-2 max-w-prose text-gray-700">{t("index.intro")}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {CALCULATOR_KINDS.map((kind) => (
          <li key={kind} className="rounded-lg border border-gray-200 p-4">
            <h2 className="font-semibold">
              <Link to={`/calculators/${kind}`} className="text-brand-700 underline-offset-2 hover:underline">
                {t(`names.${kind}`)}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-gray-600">{t(`blurbs.${kind}`)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
