/**
 * GET /language/{lang}/{ns} — one message file for the browser, when a page it opens needs a
 * namespace the first page did not bring (entry.client.tsx). The files are public and the same
 * for everyone; server-only namespaces (e-mail and SMS texts) are not served.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLang, NAMESPACES, SERVER_ONLY_NAMESPACES, type Namespace } from "~/i18n/languages";
import { resources } from "~/i18n/resources";

const BROWSER_NAMESPACES = new Set<string>(NAMESPACES.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)));

export function loader({ params }: LoaderFunctionArgs) {
  const { lang, ns } = params;
  if (!isLang(lang) || !ns || !BROWSER_NAMESPACES.has(ns)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(JSON.stringify(resources[lang][ns as Namespace]), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
