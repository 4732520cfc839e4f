/**
 * Carts' quantities (GET /carts/{id}/quantity/: the header badge of a visitor with a guest cart,
 * asked on every page), kept per cart in this process between changes, as
 * ../core/kept-by-user.server.ts keeps values: migration 0030 notifies `cart_changed` with the
 * cart's id when its lines or its owner change. The owner comes with the count, so the access
 * check is made on every request as before. `MEMBER_HEADER_CACHE=off` disables it too.
 */
import { env } from "~/config.server";
import type { Db } from "~/db/client.server";
import { keptFor, type Kept } from "../core/kept-by-user.server";

export const CART_CHANNEL = "cart_changed";
const MAX_CARTS = 50_000;
const MAX_AGE_MS = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CartQuantityRow {
  user_id: number | null;
  quantity: number;
}

export function cartQuantityCacheFor(db: Db): Promise<Kept<string, CartQuantityRow> | null> {
  if (env().MEMBER_HEADER_CACHE === "off") return Promise.resolve(null);
  return keptFor<string, CartQuantityRow>(db, CART_CHANNEL, MAX_CARTS, MAX_AGE_MS, (payload) => {
    const id = payload.toLowerCase();
    return UUID.test(id) ? id : undefined;
  });
}
