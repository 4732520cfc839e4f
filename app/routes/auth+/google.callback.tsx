/** /auth/google/callback — the issuer sends the browser back here with code and state. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiFor } from "~/storefront/api.server";
import { clearFlowCookies, googleAuthenticator, googleRedirectCookie, GoogleSignInError } from "~/storefront/google-auth.server";
import { startUserSession } from "~/storefront/login.server";
import { redirectWithFlash } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";

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
    const message =
      e instanceof GoogleSignInError
        ? e.message
        : e instanceof RangeError || e instanceof ReferenceError
          ? "The Google sign-in could not be matched to this browser. Please try again."
          : "Google sign-in failed. Please try again.";
    if (!(e instanceof GoogleSignInError)) log().warn({ reason: (e as Error).message, requestId: context.requestId }, "google: callback refused");
    const api = await apiFor(request, context);
    return redirectWithFlash(api, "/auth/login", { kind: "error", message }, { status: 302, headers: cookieHeaders(cleanup) });
  }
}

function cookieHeaders(cookies: string[]) {
  const h = new Headers();
  for (const c of cookies) h.append("Set-Cookie", c);
  return h;
}
