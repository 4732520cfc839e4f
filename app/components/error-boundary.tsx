import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** The 404 page and the generic failure page (spec section 2). */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404 && !(isRouteErrorResponse(error) && status < 500)) console.error(error);
  if (status === 404) {
    return (
      <main className="container-page py-16 text-center">
        <p className="text-6xl font-extrabold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold">We looked everywhere...</h1>
        <p className="mt-2 text-gray-600">...but we couldn’t find the page you’re looking for.</p>
        <Link to="/" className="btn-primary mt-6">
          Go back home
        </Link>
      </main>
    );
  }
  return (
    <main className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">Oops! Something went wrong</h1>
      <p className="mt-2 text-gray-600">
        {isRouteErrorResponse(error) && status < 500 ? `${status} ${error.statusText || ""}` : "Please try again in a moment."}
      </p>
      <Link to="/" className="btn-primary mt-6">
        Go back home
      </Link>
    </main>
  );
}
