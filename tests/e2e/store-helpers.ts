/** A fresh vendor with a store of their own and one product, made through the API (admin and order specs). */
import { expect, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { newShopper } from "./utils";

const words = (n: number, vocabulary: readonly string[]) => Array.from({ length: n }, (_, i) => vocabulary[i % vocabulary.length]).join(" ");

export interface VendorStoreInput {
  tag: string;
  storeName: string;
  address: string;
  /** The state the store ships from (omitted: guessed from the address). */
  state?: string;
  productName: string;
  price: string;
  size: "small" | "medium" | "large";
  vocabulary: readonly string[];
  colour: { r: number; g: number; b: number };
}

export async function newVendorStore(request: APIRequestContext, i: VendorStoreInput) {
  const vendor = await newShopper(request);
  const tok = await request.post("/api/v1/users/auth/login/", { data: { email: vendor.email, password: vendor.password } });
  expect(tok.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await tok.json()).access}` };
  const store = await request.post("/api/v1/stores/", {
    headers,
    multipart: {
      name: i.storeName,
      email: `sales.${i.tag}@example.com`,
      phone: "08031234567",
      address: i.address,
      ...(i.state ? { state: i.state } : {}),
      description: words(60, i.vocabulary),
      business_license_number: "RC123456",
      website: "https://example.com",
      agreement: "true",
      facebook: "https://facebook.com/example",
      instagram: "https://instagram.com/example",
      x: "https://x.com/example",
    },
  });
  expect(store.status(), await store.text()).toBe(201);
  const s = (await store.json()) as { id: number; slug: string };
  const cats = await request.get("/api/v1/products/categories/?page_size=500");
  const category = ((await cats.json()).results as Array<{ id: number; parent: number | null }>).find((c) => c.parent !== null)!;
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: i.colour } }).png().toBuffer();
  const product = await request.post("/api/v1/products/", {
    headers,
    multipart: {
      store: String(s.id),
      name: i.productName,
      price: i.price,
      size: i.size,
      type: "sale",
      category: String(category.id),
      stock_quantity: "10",
      description: words(60, i.vocabulary),
      "image[0]": { name: "product.png", mimeType: "image/png", buffer: png },
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const p = (await product.json()) as { id: number; name: string; selling_price: number; category_slug: string };
  return { vendor, store: { ...s, name: i.storeName }, product: p };
}
