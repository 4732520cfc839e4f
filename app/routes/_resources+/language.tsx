/** POST /language — the footer's language switch: remembered in a cookie, then back to the page. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { langCookie } from "~/i18n/i18next.server";
import { isLang, LANG_PARAM } from "~/i18n/languages";
import { readForm } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/session.server";
import { apiFor } from "~/storefront/api.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = form.get("lang");
  // Back to the page in the chosen language: without a `?lang=` of the page's URL, which would win.
  const back = new URL(safeRedirect(form.get("redirectTo")), "http://x");
  back.searchParams.delete(LANG_PARAM);
  const to = `${back.pathname}${back.search}${back.hash}`;
  // An unknown value (a tampered form) changes nothing: the page comes back as it was.
  if (!isLang(lang)) return redirect(to, { status: 303 });
  // A signed-in shopper's choice is kept on the account too: their e-mails and SMS follow it.
  const api = await apiFor(request, context);
  if (api.user) await api.send("PUT", `/users/${api.user.id}/language/`, { json: { language: lang } });
  const headers = await api.headers({ "Set-Cookie": await langCookie.serialize(lang) });
  return redirect(to, { status: 303, headers });
}

export const loader = () => redirect("/");
