/** POST /auth/google — starts Google sign-in: redirect to the issuer with state, nonce and PKCE. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { googleAuthenticator, googleRedirectCookie } from "~/storefront/google-auth.server";
import { assertSameOrigin } from "~/storefront/login.server";
import { commitSession, getSession, safeRedirect } from "~/storefront/session.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // remix-auth re-reads the request, so read the form from a copy.
  const form = await request.clone().formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  try {
    const auth = await googleAuthenticator();
    await auth.authenticate("google", request);
  } catch (e) {
    if (e instanceof Response) {
      // The strategy's redirect to the issuer, with its state cookie; add where to return to.
      const headers = new Headers(e.headers);
      headers.append("Set-Cookie", await googleRedirectCookie().serialize(redirectTo));
      return new Response(null, { status: 303, headers });
    }
    console.error("[google] starting sign-in failed:", e);
  }
  const session = await getSession(request);
  session.flash("flash", { kind: "error", message: "Google sign-in is not available right now. Please log in with your e-mail and password." });
  return redirect("/auth/login", { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

export const loader = () => redirect("/auth/login");
