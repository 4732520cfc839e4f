/**
 * The /api/v1 route modules hand the request to the API with the caller's address and request id
 * from the load context (contract 2: handleApi(request, { clientIp, requestId })).
 * MERGE NOTE: once api-core's handleApi takes the meta argument, the cast below can go.
 */
import { handleApi } from "~/api/router";
import type { StorefrontContext } from "./api.server";

type HandleApi = (request: Request, meta?: { clientIp?: string; requestId?: string }) => Promise<Response>;

export function apiFromRoute(request: Request, context: StorefrontContext | null | undefined): Promise<Response> {
  const meta = context && (context.clientIp || context.requestId) ? { clientIp: context.clientIp, requestId: context.requestId } : undefined;
  return (handleApi as HandleApi)(request, meta);
}
