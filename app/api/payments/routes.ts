/** payments endpoints of /api/v1 (spec section 7). Filled in by the checkout work. */
import type { RouteDef } from "../core/types";

export const routes: RouteDef[] = [];
