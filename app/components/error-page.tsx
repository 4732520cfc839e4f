import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useRequestId } from "~/ops/request-id";

/** What the error page says for a status (spec section 2's 404 page; others in the same voice). */
export const ERROR_MESSAGES: Record<number, { heading: string; text: string }> = {
  400: { heading: "That request was not understood", text: "Please go back and try again." },
  401: { heading: "Please log in", text: "You need to be logged in to see this page." },
  403: { heading: "You cannot open this page", text: "Your account does not have access to it." },
  404: { heading: "We looked everywhere...", text: "...but we couldn’t find the page you’re looking for." },
  405: { heading: "That request was not understood", text: "Please go back and try again." },
  413: { heading: "That was too large", text: "Please send something smaller." },
  415: { heading: "That request was not understood", text: "Please go back and try again." },
  429: { heading: "Too many requests", text: "Please wait a moment and try again." },
};
const FALLBACK = { heading: "Oops! Something went wrong", text: "Please try again in a moment." };

/** The heading and text of the error page for a status (any other 4xx reads like a 400). */
export function errorMessageFor(status: number): { heading: string; text: string } {
  return ERROR_MESSAGES[status] ?? (status >= 400 && status < 500 ? ERROR_MESSAGES[400] : FALLBACK);
}

/**
 * The error page every route uses: 401 offers the login page (coming back here), 403 says the
 * account has no access, 404 is spec section 2's page, other 4xx say what went wrong, and 5xx
 * (or a thrown Error, whose details are never shown) the generic failure page.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const requestId = useRequestId(); // server errors are logged with it (entry.server handleError)
  const known = errorMessageFor(status);
  const here = `${location.pathname}${location.search}`;
  return (
    <main className="container-page py-16 text-center" data-testid="error-page" data-status={status}>
      {status === 404 ? <p className="text-6xl font-extrabold text-brand-600">404</p> : null}
      <h1 className={`${status === 404 ? "mt-4 " : ""}text-2xl font-bold`}>{known.heading}</h1>
      <p className="mt-2 text-gray-600">{known.text}</p>
      {status === 401 ? (
        <Link to={`/auth/login?redirectTo=${encodeURIComponent(here)}`} className="btn-primary mt-6">
          Log in
        </Link>
      ) : (
        <Link to="/" className="btn-primary mt-6">
          Go back home
        </Link>
      )}
      {requestId ? (
        <p className="mt-6 text-xs text-gray-500" data-testid="request-id">
          Reference: <code>{requestId}</code>
        </p>
      ) : null}
    </main>
  );
}
