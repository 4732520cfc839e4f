/** POST /auth/google — starts Google sign-in: redirect to the issuer with state, nonce and PKCE. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { googleAuthenticator, googleRedirectCookie } from "~/storefront/google-auth.server";
import { assertSameOrigin } from "~/storefront/login.server";
import { apiFor } from "~/storefront/api.server";
import { safeRedirect } from "~/storefront/session.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";
import { requestT } from "~/i18n/i18next.server";

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // remix-auth re-reads the request, so read the form from a copy.
  const form = await readForm(request.clone());
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
    log().error({ err: e, requestId: context.requestId }, "google: starting sign-in failed");
  }
  const api = await apiFor(request, context);
  const t = await requestT(request, "account");
  return redirectWithFlash(api, "/auth/login", { kind: "error", message: t("google_errors.unavailable") });
}

export const loader = () => redirect("/auth/login");
