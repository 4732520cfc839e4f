import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { tFor, visitorLanguage } from "~/i18n/i18next.server";
import { urlLang } from "~/i18n/languages";
import { PageMessagesScript } from "~/i18n/page-messages";
import stylesheet from "~/tailwind.css";
import { AppScripts } from "~/framework/app-scripts";
import { island } from "~/components/ui/island";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Header } from "~/components/header";
import { apiFor } from "~/storefront/api.server";
import { loadShell, type ShellData } from "~/storefront/shell.server";
import { useLiteAssets } from "~/ops/lite-assets";
import { useNonce } from "~/ops/nonce";

/**
 * The footer is an island (docs/architecture.md, "Client JavaScript"): links, the newsletter
 * sign-up, the language switch and the lite toggle all work as the server's HTML (plain links and
 * POSTs) until the shopper's first interaction fetches its code, which with the newsletter's
 * error messages is ~5 KB gzip that every page's first view no longer carries.
 */
const Footer = island(() => import("~/components/footer").then((m) => ({ default: m.Footer })));

/** The stylesheet is not among the links: Document links it, or inlines it in lite pages. */
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.siteMeta.title ?? "BuildMart NG — building materials, services and electronics in Nigeria" },
  {
    name: "description",
    content: data?.siteMeta.description ?? "Buy or rent building materials, hire artisans, power and logistics from vendors across Nigeria. Pay by card or on delivery.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  // The page's language is the URL's `?lang=`, else the visitor's own (~/i18n/i18next.server resolveLanguage).
  const asked = urlLang(request.url);
  const [shell, own] = await Promise.all([loadShell(api, request), visitorLanguage(request)]);
  const t = await tFor(asked ?? own, "common");
  const siteMeta = { title: t("meta.title"), description: t("meta.description") };
  // A page asked in another language than the visitor's own (`?lang=`, a search engine's link):
  // served as the server's HTML, without the scripts, so no navigation mixes two languages
  // (every link and form works without JavaScript); the footer's switch makes it theirs.
  const otherLanguage = asked !== null && asked !== own;
  // The request id is on this request's log lines and X-Request-Id header; error pages show it.
  return data({ ...shell, siteMeta, otherLanguage, requestId: context.requestId ?? null }, { headers: await api.headers() });
}

export function shouldRevalidate() {
  return true;
}

/** `scripts: false`: the server's HTML alone (lite pages, and a page asked in another language). */
function Document({ children, lite, scripts = !lite }: { children: ReactNode; lite: boolean; scripts?: boolean }) {
  const nonce = useNonce();
  // Lite pages carry the stylesheet's text (cut to the page's own rules by entry.server,
  // ~/ops/lite-css.server; allowed by its hash): no render-blocking request on a second
  // connection. Full pages link the file, which browsers keep for a year.
  const assets = useLiteAssets();
  const css = lite ? assets?.css : null;
  const { i18n } = useTranslation();
  // English keeps its Nigerian tag; the others are the language's own code (pcm, yo, ha, ig).
  const lang = !i18n.language || i18n.language === "en" ? "en-NG" : i18n.language;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ea580c" />
        <Meta />
        {css ? <style data-lite-css="" dangerouslySetInnerHTML={{ __html: css }} /> : <link rel="stylesheet" href={stylesheet} />}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        {!scripts ? null : (
          <>
            <PageMessagesScript nonce={nonce} />
            <ScrollRestoration nonce={nonce} />
            <AppScripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

function FlashBanner({ flash }: { flash: ShellData["flash"] }) {
  if (!flash) return null;
  const tone =
    flash.kind === "error"
      ? "border-red-300 bg-red-50 text-red-800"
      : flash.kind === "success"
        ? "border-green-300 bg-green-50 text-green-800"
        : "border-blue-300 bg-blue-50 text-blue-800";
  return (
    <div role="status" className={`container-page mt-3`}>
      <p className={`rounded-md border px-4 py-3 text-sm wrap-anywhere ${tone}`} data-testid="flash">
        {flash.message}
      </p>
    </div>
  );
}

export default function App() {
  const shell = useRouteLoaderData<typeof loader>("root")!;
  const { t } = useTranslation();
  // Marks the page as hydrated (effects run after hydration): tests wait for it before typing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Document lite={shell.lite} scripts={!shell.lite && !shell.otherLanguage}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t("skipToContent")}
      </a>
      {/* Printed pages (an invoice, issue 35) are the page's content only. */}
      <div className="contents print:hidden">
        <Header shell={shell} />
        <FlashBanner flash={shell.flash} />
      </div>
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <div className="contents print:hidden">
        <Footer lite={shell.lite} />
      </div>
    </Document>
  );
}

export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("root");
  return (
    <Document lite={shell?.lite ?? false} scripts={!shell?.lite && !shell?.otherLanguage}>
      {shell ? <Header shell={shell} /> : null}
      <div className="flex-1">
        <GeneralErrorBoundary />
      </div>
      <Footer lite={shell?.lite ?? false} />
    </Document>
  );
}

