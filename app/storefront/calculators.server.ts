/**
 * The project calculators' server side (issue 34 item 3): products for each material through the
 * API client (never the database), and "Add all to cart". The calculations and the choice of
 * product are app/domain/calculators' (client-safe, unit-tested); here only the catalogue reads
 * and the cart writes.
 *
 * Candidates per material: the catalogue's listing of each of its categories (with its
 * subcategories), the cheapest 100 (read once per request for all the materials of a category);
 * in a category with more, when none of those fits, the ones its search finds for the material. Every BuildMart store delivers to every state
 * (the shipping rule prices the distance; stores have no delivery areas), so "sellers who deliver
 * to the shopper's state" are all the listed stores, and the delivered price decides.
 */
import { pickOffer, basketPrice, type Offer, type OfferProduct } from "~/domain/calculators/packs";
import type { Need } from "~/domain/calculators";
import { koboToNaira } from "~/domain/money";
import type { Api } from "./api.server";
import type { ApiProductPage } from "./api-types";
import { apiMessage, ensureCart, forgetCart } from "./cart.server";
import { loadCategories } from "./catalog.server";

export interface NeedOffer {
  need: Need;
  offer: Offer | null;
}

/** A listing page of products (shared within the request: materials of one category read it once). */
function listing(api: Api, query: string): Promise<{ products: OfferProduct[]; count: number }> {
  return api.once(`calc:${query}`, async () => {
    const r = await api.get<ApiProductPage>(`/products/?${query}`, { auth: false });
    if (!r.ok) {
      if (r.status === 404) return { products: [], count: 0 };
      throw new Response("Catalogue unavailable", { status: 502 });
    }
    return { products: r.data.results as unknown as OfferProduct[], count: r.data.count };
  });
}

const PAGE = 100;

/** The cheapest delivered offer for each need (null: nothing fits), in the needs' order. */
export async function offersFor(api: Api, needs: readonly Need[], state: string): Promise<NeedOffer[]> {
  const categories = await loadCategories(api);
  const idOf = new Map(categories.map((c) => [c.slug, c.id]));
  return Promise.all(
    needs.map(async (need) => {
      const ids = need.find.categories.map((s) => idOf.get(s)).filter((id): id is number => id !== undefined);
      const query = (id: number, search?: string) => {
        const q = new URLSearchParams({ category_id: String(id), page_size: String(PAGE), type: "sale" });
        if (search) q.set("search", search);
        else q.set("ordering", "price_asc");
        return q.toString();
      };
      // The category's cheapest 100 (one read for every material of the category) …
      const pages = await Promise.all(ids.map((id) => listing(api, query(id))));
      let offer = pickOffer(need, pages.flatMap((p) => p.products), state);
      // … and, in a bigger category, the ones the catalogue's search finds for the material.
      const bigger = ids.filter((_, i) => pages[i].count > PAGE);
      if (!offer && bigger.length) offer = pickOffer(need, (await Promise.all(bigger.map((id) => listing(api, query(id, need.find.search))))).flatMap((p) => p.products), state);
      return { need, offer };
    }),
  );
}

/** What the page shows of an offer (naira; the money rule's figures). */
export function offerView(o: Offer) {
  const p = o.product;
  return {
    productId: p.id,
    name: p.name,
    storeName: p.store_name ?? "",
    storeState: p.store_state ?? null,
    packDescription: p.pack_description ?? null,
    unit: p.unit ?? "piece",
    quantity: o.quantity,
    unitPrice: koboToNaira(o.unitKobo),
    items: koboToNaira(o.itemsKobo),
  };
}

/** The basket's figures by the one money rule (one shipment per store). */
export function basketView(offers: readonly Offer[], state: string) {
  const b = basketPrice(offers, state);
  return { items: koboToNaira(b.itemsKobo), shipping: koboToNaira(b.shippingKobo ?? 0), total: koboToNaira(b.totalKobo ?? b.itemsKobo), stores: b.shipments.length };
}

/**
 * Adds every offer to the shopper's cart (created on first use: one cart for all the lines).
 * `setCookie`: a new guest cart's cookie, to send whatever happened.
 */
export async function addOffersToCart(
  api: Api,
  request: Request,
  offers: readonly Offer[],
): Promise<{ added: number; failed: Array<{ name: string; message: string }>; setCookie: string | null }> {
  const { cartId, setCookie } = await ensureCart(api, request);
  let added = 0;
  const failed: Array<{ name: string; message: string }> = [];
  for (const o of offers) {
    const r = await api.post(`/carts/${cartId}/items/`, { prod_id: o.product.id, quantity: o.quantity });
    if (r.ok) added++;
    else failed.push({ name: o.product.name, message: apiMessage(r.data, "") });
  }
  forgetCart(api);
  return { added, failed, setCookie };
}
