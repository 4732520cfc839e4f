/**
 * The id of the request that rendered the page (also in the X-Request-Id header and on that
 * request's log line), for error pages to show as a reference. The root loader returns it as
 * `requestId` (from `context.requestId`); undefined when the root loader did not run.
 */
import { useRouteLoaderData } from "@remix-run/react";

export function useRequestId(): string | undefined {
  const root = useRouteLoaderData("root") as { requestId?: unknown } | undefined;
  return typeof root?.requestId === "string" ? root.requestId : undefined;
}
