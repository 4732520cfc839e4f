/** stores endpoints of /api/v1 (spec section 7). Filled in by the issue that owns this area. */
import type { RouteDef } from "../router";

export const routes: RouteDef[] = [];
