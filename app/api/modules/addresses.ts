/** Address book endpoints of /api/v1 (spec section 7; note the /users/adresses/ spelling). Filled in by the cart/address issue. */
import type { RouteDef } from "../router";

export const routes: RouteDef[] = [];
