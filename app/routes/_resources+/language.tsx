/** POST /language — the footer's language switch: remembered in a cookie, then back to the page. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { langCookie } from "~/i18n/i18next.server";
import { isLang } from "~/i18n/languages";
import { readForm } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/session.server";
import { apiFor } from "~/storefront/api.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = form.get("lang");
  const to = safeRedirect(form.get("redirectTo"));
  // An unknown value (a tampered form) changes nothing: the page comes back as it was.
  if (!isLang(lang)) return redirect(to, { status: 303 });
  // A signed-in shopper's choice is kept on the account too: their e-mails and SMS follow it.
  const api = await apiFor(request, context);
  if (api.user) await api.send("PUT", `/users/${api.user.id}/language/`, { json: { language: lang } });
  const headers = await api.headers({ "Set-Cookie": await langCookie.serialize(lang) });
  return redirect(to, { status: 303, headers });
}

export const loader = () => redirect("/");
