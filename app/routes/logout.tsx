/** /logout — ends the session (POST from the header menu; GET from the side menu link) and goes home. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor, clearUser } from "~/storefront/api.server";
import { commitSession } from "~/storefront/session.server";

async function logout(request: Request) {
  const api = await apiFor(request);
  const refresh = api.session.get("refresh");
  if (refresh) await api.post("/users/auth/logout/", { refresh }).catch(() => null);
  clearUser(api.session);
  return redirect("/", { status: 303, headers: { "Set-Cookie": await commitSession(api.session) } });
}

export const action = ({ request }: ActionFunctionArgs) => logout(request);
export const loader = ({ request }: LoaderFunctionArgs) => logout(request);
