/** POST /lite — the footer's Lite mode switch: pages without any script, for slow or costly data. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/storefront/responses.server";
import { liteCookie, safeRedirect } from "~/storefront/session.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const on = form.get("lite") === "1";
  return redirect(safeRedirect(form.get("redirectTo")), {
    status: 303,
    // "Off" is remembered too: it beats a browser that says its connection is slow.
    headers: { "Set-Cookie": await liteCookie().serialize(on ? "1" : "0") },
  });
}

export const loader = () => redirect("/");
