/** POST /newsletter — the footer's sign-up form (works without JavaScript; answers with a flash message). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor } from "~/storefront/api.server";
import { apiMessage } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await apiFor(request, context);
  const email = String(form.get("email") ?? "").trim();
  const r = await api.post("/newsletter/", { email });
  return redirectWithFlash(
    api,
    safeRedirect(form.get("redirectTo")),
    r.ok
      ? { kind: "success", message: `Thanks! ${email} is subscribed to our newsletter.` }
      : { kind: "error", message: apiMessage(r.data, "We could not subscribe that address. Please check it and try again.") },
  );
}

export const loader = () => redirect("/");
