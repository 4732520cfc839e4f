/**
 * Kept for existing imports (route modules, scripts, tests): the router lives in ./core/router.
 * New code imports from "~/api/core/router" (or "~/api/core/types" for types).
 */
export { API_PREFIX, handleApi, listRoutes, loadAuthUser } from "./core/router";
export type { Access, ApiContext, AuthUser, Method, RouteDef, StoreRole } from "./core/types";
