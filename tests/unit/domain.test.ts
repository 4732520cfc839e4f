import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { m0002_catalog } from "~/db/migrations/0002_catalog";
import { LoginSchema, RegisterSchema } from "~/domain/accounts";
import { ADDRESS_LIMIT_BODY, ADDRESS_MESSAGES, AddressBodySchema, AddressFormSchema, MAX_ADDRESSES, canonicalState, toAddressBody } from "~/domain/addresses";
import { MAX_LINE_QUANTITY, decrementQuantity, incrementQuantity, normalizeQuantity } from "~/domain/cart";
import { quantityForUnit } from "~/domain/units";
import { quantityField } from "~/domain/cart-schema";
import { PRICE_BAND_COUNT, PRICE_BOUNDS_KOBO, PRICE_BUCKETS, PRICE_SWITCH, bandRange, bucketBounds, onPriceBound, priceBand } from "~/domain/price-bands";
import { RESERVED_TOP_LEVEL, isReservedSlug } from "~/domain/reserved-paths";
import { REVIEW_MESSAGES, ReviewBodySchema, ReviewFormSchema } from "~/domain/reviews";
import { SHIPPING_RULE_TEXT, shippingRuleText } from "~/domain/shipping";
import { NUL_MESSAGE, TEXT_MAX, findNul, maxLengthMessage, optionalText, text } from "~/domain/text";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("text(max)", () => {
  const field = text(10, { required: "Enter it", min: 3 });
  it("trims, requires and bounds", () => {
    expect(field.parse("  abc  ")).toBe("abc");
    expect(field.safeParse("   ").error?.issues[0].message).toBe("Enter it");
    expect(field.safeParse(undefined).error?.issues[0].message).toBe("Enter it");
    expect(field.safeParse("ab").error?.issues[0].message).toBe("Should be at least 3 characters");
    expect(field.safeParse("a".repeat(11)).error?.issues[0].message).toBe(maxLengthMessage(10));
    expect(field.parse("a".repeat(10))).toBe("a".repeat(10));
  });
  it("rejects NUL anywhere", () => {
    expect(field.safeParse("ab\u0000cd").error?.issues.map((i) => i.message)).toContain(NUL_MESSAGE);
    expect(text(5).safeParse("\u0000").success).toBe(false);
  });
  it("optionalText turns blank into null", () => {
    expect(optionalText(5).parse("")).toBeNull();
    expect(optionalText(5).parse(undefined)).toBeNull();
    expect(optionalText(5).parse(null)).toBeNull();
    expect(optionalText(5).parse(" x ")).toBe("x");
    expect(optionalText(5).safeParse("x\u0000").success).toBe(false);
  });
  it("findNul finds the path of a NUL in nested values", () => {
    expect(findNul({ a: "ok", b: [1, { c: "x\u0000" }] })).toEqual(["b", "1", "c"]);
    expect(findNul({ a: "ok", b: [1, 2] })).toBeNull();
    expect(findNul({ ["k\u0000"]: 1 })).toEqual(["k\u0000"]);
  });
  it("account fields refuse NUL and over-long values", () => {
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "x\u0000y" }).success).toBe(false);
    const long = RegisterSchema.safeParse({
      first_name: "A".repeat(TEXT_MAX.name + 1),
      last_name: "B",
      email: "a@b.co",
      phone: "08031234567",
      password1: "Secret#123",
      password2: "Secret#123",
    });
    expect(issues(long).first_name).toBe(maxLengthMessage(TEXT_MAX.name));
  });
});

const address = {
  receiver_first_name: "Ada",
  receiver_last_name: "Obi",
  receiver_phone_one: "0803 123 4567",
  street_address: "12 Allen Avenue, Ikeja",
  city: "Ikeja",
  state: "lagos",
};

describe("addresses", () => {
  it("has the spec's limit and messages", () => {
    expect(MAX_ADDRESSES).toBe(3);
    expect(ADDRESS_LIMIT_BODY).toEqual(["Address limit exceeded."]);
    const r = AddressFormSchema.safeParse({});
    expect(issues(r)).toMatchObject({
      receiver_first_name: "First name is required",
      receiver_last_name: "Last name is required",
      receiver_phone_one: "Phone number is required",
      street_address: ADDRESS_MESSAGES.street,
      city: ADDRESS_MESSAGES.city,
      state: ADDRESS_MESSAGES.state,
    });
    const short = AddressFormSchema.safeParse({ ...address, receiver_first_name: "Al", street_address: "Short" });
    expect(issues(short)).toMatchObject({ receiver_first_name: "Should be at least 3 characters", street_address: "Should be at least 10 characters" });
  });
  it("the form and the API take the same values", () => {
    const form = AddressFormSchema.parse({ ...address, lga: "ikeja", is_default: "on" });
    expect(form).toMatchObject({ receiver_phone_one: "+2348031234567", state: "Lagos", lga: "Ikeja", zip_code: null, is_default: true });
    const body = AddressBodySchema.parse(toAddressBody(form, 7));
    expect(body).toMatchObject({ state: "Lagos", country: "NGA", user: 7, is_default: true });
    expect(canonicalState("FCT")).toBe("Federal Capital Territory");
    expect(AddressBodySchema.safeParse({ ...address, country: "GH" }).success).toBe(false);
  });
  it("limits every text field", () => {
    const huge = "x".repeat(1_000_000);
    for (const key of ["receiver_first_name", "receiver_last_name", "street_address", "city", "state", "zip_code", "country", "receiver_phone_one", "receiver_phone_two"]) {
      const r = AddressBodySchema.safeParse({ ...address, [key]: huge });
      expect(r.success, key).toBe(false);
      expect(Object.keys(issues(r))).toContain(key);
    }
    expect(issues(AddressBodySchema.safeParse({ ...address, street_address: "12 Allen\u0000 Avenue" })).street_address).toBe(NUL_MESSAGE);
  });
});

describe("reviews", () => {
  it("one schema, one set of messages for the API and the form", () => {
    expect(issues(ReviewFormSchema.safeParse({ rating: "6", review_text: "ok" })).rating).toBe(REVIEW_MESSAGES.rating);
    expect(issues(ReviewBodySchema.safeParse({ prod_id: 1, rating: 0, review_text: "ok" })).rating).toBe(REVIEW_MESSAGES.rating);
    expect(issues(ReviewBodySchema.safeParse({ prod_id: 1, rating: 3, review_text: "  " })).review_text).toBe(REVIEW_MESSAGES.textRequired);
    expect(issues(ReviewBodySchema.safeParse({ prod_id: 1, rating: 3, review_text: "x".repeat(2001) })).review_text).toBe(REVIEW_MESSAGES.textMax);
    expect(issues(ReviewBodySchema.safeParse({ prod_id: 1, rating: 3, review_text: "o\u0000k" })).review_text).toBe(NUL_MESSAGE);
    expect(ReviewBodySchema.parse({ prod_id: "4", rating: "5", review_text: " Good " })).toEqual({ prod_id: 4, rating: 5, review_text: "Good" });
    expect(ReviewBodySchema.safeParse({ prod_id: 99999999999, rating: 5, review_text: "x" }).success).toBe(false);
  });
});

describe("cart quantity", () => {
  it("below 1, or not a number, becomes 1; never above the line maximum", () => {
    expect(normalizeQuantity("0")).toBe(1);
    expect(normalizeQuantity(-4)).toBe(1);
    expect(normalizeQuantity("abc")).toBe(1);
    expect(normalizeQuantity(null)).toBe(1);
    expect(normalizeQuantity("2.7")).toBe(2);
    expect(normalizeQuantity(" 5 ")).toBe(5);
    expect(normalizeQuantity(1e9)).toBe(MAX_LINE_QUANTITY);
    expect(decrementQuantity(1)).toBe(1);
    expect(incrementQuantity(MAX_LINE_QUANTITY)).toBe(MAX_LINE_QUANTITY);
  });
  it("the API field: below 1 becomes 1, not a number is refused", () => {
    expect(quantityField.parse("0")).toBe(1);
    expect(quantityField.parse(-3)).toBe(1);
    // Issue 34: the field keeps a fraction; the cart cuts it for whole units and keeps it (2 places) for m², tonne…
    expect(quantityField.parse("4.5")).toBe(4.5);
    expect(quantityForUnit(quantityField.parse("4.5"), "piece")).toBe(4);
    expect(quantityForUnit(quantityField.parse("4.5"), "m2")).toBe(4.5);
    expect(quantityField.safeParse("four").success).toBe(false);
    expect(quantityField.safeParse(Number.NaN).success).toBe(false);
  });
});

describe("price bands", () => {
  it("are the spec's buckets", () => {
    expect(PRICE_BUCKETS.map((b) => b.label)).toEqual(["Under 24 K", "24 - 80 K", "80 - 270 K", "270 - 950 K", "More than 950 K"]);
    expect(PRICE_SWITCH).toBe(950_000);
    expect(bucketBounds(PRICE_BUCKETS[0])).toEqual({ gt: null, lt: 24_000 });
    expect(bucketBounds(PRICE_BUCKETS[2])).toEqual({ gt: 80_000, lt: 270_000 });
    expect(bucketBounds(PRICE_BUCKETS[4])).toEqual({ gt: 950_000, lt: null });
    expect(onPriceBound(80_000)).toBe(true);
    expect(onPriceBound(80_001)).toBe(false);
  });
  it("bandRange covers exactly the strict bounds", () => {
    expect(bandRange(null, null)).toEqual([0, PRICE_BAND_COUNT - 1]);
    expect(bandRange(null, 2_400_000)).toEqual([0, 0]);
    expect(bandRange(2_400_000, 8_000_000)).toEqual([2, 2]);
    expect(bandRange(95_000_000, null)).toEqual([8, 8]);
    expect(bandRange(2_400_001, null)).toBeNull();
  });
  it("priceBand agrees with migration 0002's catalog_price_band", async () => {
    const fn = /CREATE OR REPLACE FUNCTION catalog_price_band[\s\S]*?\$\$[\s\S]*?\$\$;/.exec(m0002_catalog.sql)?.[0];
    expect(fn).toBeTruthy();
    const db = new PGlite();
    try {
      await db.exec(fn!);
      const samples = [0, 1, ...PRICE_BOUNDS_KOBO.flatMap((k) => [k - 1, k, k + 1]), 10 ** 12];
      for (const k of samples) {
        const r = await db.query<{ b: number }>("SELECT catalog_price_band($1) AS b", [k]);
        expect(r.rows[0].b, String(k)).toBe(priceBand(k));
      }
    } finally {
      await db.close();
    }
  });
});

describe("shipping sentence", () => {
  it("states the rule from its constants", () => {
    expect(shippingRuleText()).toBe("Shipping per store: ₦1,000–₦15,000 per item by size and distance from the store, at most ₦25,000 a store; free from ₦500,000.");
    expect(SHIPPING_RULE_TEXT).toBe(shippingRuleText());
  });
});

describe("reserved paths", () => {
  it("reserves every top-level segment the app uses", () => {
    for (const s of ["about", "admin", "all", "api", "auth", "build", "cart", "checkout", "contact", "create-store", "email", "faq", "favicon.svg", "featured", "forget-password", "healthz", "readyz", "lite", "logout", "media", "newsletter", "payment", "privacy", "products", "reset-password", "robots.txt", "search", "secure-shopping", "shop", "sitemap.xml", "stores", "terms", "users"]) {
      expect(RESERVED_TOP_LEVEL.has(s), s).toBe(true);
      expect(isReservedSlug(s), s).toBe(true);
    }
    expect(isReservedSlug("Cart")).toBe(true);
    expect(isReservedSlug("/users/")).toBe(true);
    expect(isReservedSlug("")).toBe(true);
    expect(isReservedSlug(".env")).toBe(true);
    expect(isReservedSlug("building-materials")).toBe(false);
    expect(isReservedSlug("kitchen")).toBe(false);
  });
});
