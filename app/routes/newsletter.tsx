/** POST /newsletter — the footer's sign-up form (works without JavaScript; answers with a flash message). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor } from "~/storefront/api.server";
import { commitSession, safeRedirect } from "~/storefront/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const api = await apiFor(request, context);
  const email = String(form.get("email") ?? "").trim();
  const r = await api.post<{ email?: string[] }>("/newsletter/", { email });
  api.session.flash(
    "flash",
    r.ok
      ? { kind: "success", message: `Thanks! ${email} is subscribed to our newsletter.` }
      : { kind: "error", message: r.data?.email?.[0] ?? "We could not subscribe that address. Please check it and try again." },
  );
  return redirect(safeRedirect(form.get("redirectTo")), { status: 303, headers: { "Set-Cookie": await commitSession(api.session) } });
}

export const loader = () => redirect("/");
