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

/** What the server sends a route's boundary when a navigation, form or fetcher met the database away (app/ops/unavailable.server.ts DatabaseAwayData). */
export interface DatabaseAwayError {
  reason: "database-away";
  title: string;
  text: string;
  again: string;
  formKept: string;
  action: string;
  method: "get" | "post";
  fields: Array<[string, string]>;
}

/** The back-in-a-moment error of a 503 single-fetch answer, or null. */
export function databaseAwayOf(error: unknown): DatabaseAwayError | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null;
  const d = error.data as Partial<DatabaseAwayError> | null;
  return d && typeof d === "object" && d.reason === "database-away" && typeof d.title === "string" ? (d as DatabaseAwayError) : null;
}

/**
 * "We're back in a moment", as the document request's page (app/ops/unavailable.server.ts): Try
 * again reloads the page, or for a form sends its fields once more (a plain post, so it works
 * whatever state the page's scripts are in); nothing typed but passwords and codes is lost.
 */
function DatabaseAway({ away }: { away: DatabaseAwayError }) {
  const requestId = useRequestId();
  const { t } = useTranslation();
  return (
    <main className="container-page py-16 text-center" data-testid="error-page" data-status={503} role="alert">
      <h1 className="text-2xl font-bold">{away.title}</h1>
      <p className="mt-2 text-gray-600">{away.text}</p>
      {away.method === "post" ? (
        <form method="post" action={away.action} className="mt-6">
          {away.fields.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          {away.fields.length ? <p className="mb-3 text-sm text-gray-700">{away.formKept}</p> : null}
          <button type="submit" className="btn-primary">
            {away.again}
          </button>
        </form>
      ) : (
        <a href={away.action} className="btn-primary mt-6">
          {away.again}
        </a>
      )}
      {requestId ? (
        <p className="mt-6 text-xs text-gray-500" data-testid="request-id">
          {t("error.reference")} <code>{requestId}</code>
        </p>
      ) : null}
    </main>
  );
}

/**
 * The error page every route uses: 401 offers the login page (coming back here), 403 says the
 * account has no access, 404 is spec section 2's page, other 4xx say what went wrong, and 5xx
 * (or a thrown Error, whose details are never shown) the generic failure page.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const away = databaseAwayOf(error);
  return away ? <DatabaseAway away={away} /> : <KnownError error={error} />;
}

function KnownError({ error }: { error: unknown }) {
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
