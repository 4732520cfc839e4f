/** POST /language — the footer's language switch: remembered in a cookie, then back to the page. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { langCookie } from "~/i18n/i18next.server";
import { isLang } from "~/i18n/languages";
import { readForm } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/session.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = form.get("lang");
  const to = safeRedirect(form.get("redirectTo"));
  // An unknown value (a tampered form) changes nothing: the page comes back as it was.
  if (!isLang(lang)) return redirect(to, { status: 303 });
  return redirect(to, { status: 303, headers: { "Set-Cookie": await langCookie.serialize(lang) } });
}

export const loader = () => redirect("/");
