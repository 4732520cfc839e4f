/** Every area's routes. A new area adds one import here. */
import type { RouteDef } from "../router";
import { routes as addresses } from "./addresses";
import { routes as auth } from "./auth";
import { routes as carts } from "./carts";
import { routes as catalog } from "./catalog";
import { routes as newsletter } from "./newsletter";
import { routes as orders } from "./orders";
import { routes as payments } from "./payments";
import { routes as reviews } from "./reviews";
import { routes as schema } from "./schema";
import { routes as stores } from "./stores";
import { routes as users } from "./users";
import { routes as wishlist } from "./wishlist";

export function allRoutes(): RouteDef[] {
  return [...auth, ...users, ...addresses, ...catalog, ...carts, ...wishlist, ...orders, ...payments, ...reviews, ...stores, ...newsletter, ...schema];
}
