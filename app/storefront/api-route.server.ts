/**
 * The /api/v1 route modules hand the request to the API with the caller's address and request id
 * from the load context (handleApi(request, { clientIp, requestId })).
 */
import { handleApi } from "~/api/router";
import type { StorefrontContext } from "./api.server";

export function apiFromRoute(request: Request, context: StorefrontContext | null | undefined): Promise<Response> {
  const meta = context && (context.clientIp || context.requestId) ? { clientIp: context.clientIp, requestId: context.requestId } : undefined;
  return handleApi(request, meta);
}
