import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import enCommon from "~/i18n/messages/en/common.json";
import { useRequestId } from "~/ops/request-id";

/** The statuses with their own words on the error page (spec section 2's 404 page; others in the same voice). */
const OWN_WORDS = ["400", "401", "403", "404", "405", "413", "415", "429"] as const;
type ErrorKey = (typeof OWN_WORDS)[number] | "other";

/** Which message of common.json's `error` the page shows for a status (any other 4xx reads like a 400). */
export function errorKeyFor(status: number): ErrorKey {
  const own = OWN_WORDS.find((k) => Number(k) === status);
  return own ?? (status >= 400 && status < 500 ? "400" : "other");
}

/** The heading and text of the error page for a status, in English (the page shows the visitor's language). */
export function errorMessageFor(status: number): { heading: string; text: string } {
  return enCommon.error[errorKeyFor(status)];
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
  const { t } = useTranslation();
  const key = errorKeyFor(status);
  const known = { heading: t(`error.${key}.heading`), text: t(`error.${key}.text`) };
  const here = `${location.pathname}${location.search}`;
  return (
    <main className="container-page py-16 text-center" data-testid="error-page" data-status={status}>
      {status === 404 ? <p className="text-6xl font-extrabold text-brand-600">404</p> : null}
      <h1 className={`${status === 404 ? "mt-4 " : ""}text-2xl font-bold`}>{known.heading}</h1>
      <p className="mt-2 text-gray-600">{known.text}</p>
      {status === 401 ? (
        <Link to={`/auth/login?redirectTo=${encodeURIComponent(here)}`} className="btn-primary mt-6">
          {t("error.logIn")}
        </Link>
      ) : (
        <Link to="/" className="btn-primary mt-6">
          {t("error.home")}
        </Link>
      )}
      {requestId ? (
        <p className="mt-6 text-xs text-gray-500" data-testid="request-id">
          {t("error.reference")} <code>{requestId}</code>
        </p>
      ) : null}
    </main>
  );
}
