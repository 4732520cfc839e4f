/** Shared set-up of the vendor API tests (stores, product writes, store orders): images, forms, words. */
import sharp from "sharp";
import { createStore } from "~/db/seed/factories";
import { makeUser, type TestApi } from "./harness";

/** A real image of `format`, `seed` making each one different. */
export async function image(format: "png" | "jpeg" | "webp" = "png", seed = 1, size = 16): Promise<Buffer> {
  const img = sharp({ create: { width: size, height: size, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 13) % 256 } } });
  return format === "png" ? img.png().toBuffer() : format === "jpeg" ? img.jpeg().toBuffer() : img.webp().toBuffer();
}

export const file = (bytes: Buffer | string, name: string, type = "application/octet-stream") => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** n words of plausible text. */
export const words = (n: number) => Array.from({ length: n }, (_, i) => ["strong", "durable", "cement", "roofing", "sheet", "tiles"][i % 6]).join(" ");

export function form(fields: Record<string, string | number | boolean | File | undefined>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v instanceof File ? v : String(v));
  return fd;
}

export async function storeFields(over: Record<string, string | File | undefined> = {}) {
  return {
    name: "Ade Building Supplies",
    email: "sales@ade-supplies.ng",
    phone: "08031234567",
    address: "12 Allen Avenue, Ikeja, Lagos",
    description: words(60),
    business_license_number: "RC123456",
    website: "https://ade-supplies.ng",
    agreement: "true",
    facebook: "https://facebook.com/adesupplies",
    instagram: "https://instagram.com/adesupplies",
    x: "https://x.com/adesupplies",
    ...over,
  };
}

export async function firstCategory(api: TestApi): Promise<number> {
  return (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1")).rows[0].id;
}

export async function productFields(api: TestApi, storeId: number, over: Record<string, string | number | File | undefined> = {}) {
  return {
    store: storeId,
    user: 1,
    name: "Galvanised roofing sheet",
    price: "12500.50",
    size: "large",
    type: "sale",
    category: await firstCategory(api),
    stock_quantity: 40,
    description: words(60),
    "image[0]": file(await image("png", Math.floor(Math.random() * 1e6)), "a.png", "image/png"),
    ...over,
  };
}

/** A vendor cast: a store's owner and member, another store's owner, a shopper, an admin. */
export async function vendorCast(api: TestApi) {
  const owner = await makeUser(api);
  const member = await makeUser(api);
  const otherOwner = await makeUser(api);
  const shopper = await makeUser(api);
  const admin = await makeUser(api, { role: "admin" });
  const store = await createStore(api.db, { owner_id: owner.id, members: [member.id] });
  const otherStore = await createStore(api.db, { owner_id: otherOwner.id });
  return { owner, member, otherOwner, shopper, admin, store, otherStore };
}
