/** Every area's route table. A new area adds one import here. */
import { routes as addresses } from "../addresses/routes";
import { routes as admin } from "../admin/routes";
import { routes as auth } from "../auth/routes";
import { routes as carts } from "../carts/routes";
import { routes as catalog } from "../catalog/routes";
import { routes as claims } from "../claims/routes";
import { routes as newsletter } from "../newsletter/routes";
import { routes as notifications } from "../notifications/routes";
import { routes as orders } from "../orders/routes";
import { routes as storeOrders } from "../orders/store-routes";
import { routes as deliveryCodes } from "../orders/delivery-routes";
import { routes as payments } from "../payments/routes";
import { routes as payouts } from "../payouts/routes";
import { routes as phone } from "../phone/routes";
import { routes as products } from "../products/routes";
import { routes as quotes } from "../quotes/routes";
import { routes as returns } from "../returns/routes";
import { routes as reviews } from "../reviews/routes";
import { routes as schema } from "../schema/routes";
import { routes as slots } from "../slots/routes";
import { routes as stores } from "../stores/routes";
import { routes as users } from "../users/routes";
import { routes as memberHeader } from "../users/header-routes";
import { routes as wishlist } from "../wishlist/routes";
import type { RouteDef } from "./types";

export function allRoutes(): RouteDef[] {
  return [...auth, ...users, ...memberHeader, ...addresses, ...catalog, ...products, ...carts, ...wishlist, ...orders, ...storeOrders, ...deliveryCodes, ...payments, ...returns, ...claims, ...quotes, ...slots, ...reviews, ...stores, ...newsletter, ...notifications, ...payouts, ...phone, ...admin, ...schema];
}
