/** /auth/google/callback — the issuer sends the browser back here with code and state. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor } from "~/storefront/api.server";
import { clearFlowCookies, googleAuthenticator, googleRedirectCookie, GoogleSignInError } from "~/storefront/google-auth.server";
import { startUserSession } from "~/storefront/login.server";
import { redirectWithFlash } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";
import { requestT } from "~/i18n/i18next.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cleanup = clearFlowCookies(request);
  // The shopper cancelled at Google (no credential): nothing happens, back to the login page (spec section 8).
  if (url.searchParams.get("error") === "access_denied") {
    return redirect("/auth/login", { headers: cookieHeaders(cleanup) });
  }
  try {
    // Without a state this is no answer to our request (the strategy would start a new flow).
    if (!url.searchParams.get("state")) throw new RangeError("Missing state in the URL");
    const auth = await googleAuthenticator();
    const answer = await auth.authenticate("google", request);
    const redirectTo = (await googleRedirectCookie().parse(request.headers.get("Cookie"))) as string | null;
    const api = await apiFor(request, context);
    const res = await startUserSession(api, request, answer, redirectTo);
    for (const c of cleanup) res.headers.append("Set-Cookie", c);
    return res;
  } catch (e) {
    if (e instanceof Response) throw e;
    const t = await requestT(request, "account");
    const message =
      e instanceof GoogleSignInError
        ? googleErrorText(e.message, t)
        : e instanceof RangeError || e instanceof ReferenceError
          ? t("google_errors.not_matched")
          : t("google_errors.failed");
    if (!(e instanceof GoogleSignInError)) log().warn({ reason: (e as Error).message, requestId: context.requestId }, "google: callback refused");
    const api = await apiFor(request, context);
    return redirectWithFlash(api, "/auth/login", { kind: "error", message }, { status: 302, headers: cookieHeaders(cleanup) });
  }
}

/**
 * A GoogleSignInError in the visitor's language: our own texts have a translation; what the API
 * said about the account (e.g. a deactivated one) is shown as it came.
 */
function googleErrorText(message: string, t: (key: string, values?: Record<string, string>) => string): string {
  if (message === "Google sign-in is not available.") return t("google_errors.not_available");
  if (message === "Google did not send an ID token.") return t("google_errors.no_token");
  const status = /^Google sign-in failed \(status (\d+)\)\.$/.exec(message)?.[1];
  return status ? t("google_errors.failed_status", { status }) : message;
}

function cookieHeaders(cookies: string[]) {
  const h = new Headers();
  for (const c of cookies) h.append("Set-Cookie", c);
  return h;
}
