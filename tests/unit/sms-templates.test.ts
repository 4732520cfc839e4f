/** Every SMS fits one GSM-7 message with real-looking values, and the phone rule normalises every Nigerian mobile form. */
import { describe, expect, it } from "vitest";
import { gsm7Length, SMS_MAX, toSingleSms } from "~/domain/phone";
import { normalizeNigerianPhone } from "~/domain/validation";
import { formatKobo } from "~/domain/money";
import { deliveryCodeSms, newOrderSms, ORDER_UPDATES, orderSms, otpSms, SHIPMENT_UPDATES, shipmentSms } from "~/integrations/sms-templates.server";
import { LANGUAGES } from "~/i18n/languages";

const values = {
  name: "Oluwaseyifunmi",
  order: "#3F2A9C1B",
  amount: toSingleSms(formatKobo(1_234_567_890)),
  url: "https://buildmart.ng/users/orders/3f2a9c1b-7d4e-4c2a-9b1f-0e6d5c4b3a29",
};

describe("SMS templates", () => {
  it.each(ORDER_UPDATES)("the %s update fits one GSM-7 SMS and names the order, amount and link", (update) => {
    const text = orderSms(update, values);
    expect(gsm7Length(text)).not.toBeNull();
    expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
    expect(text).toContain(values.order);
    expect(text).toContain(values.url);
    expect(text).not.toMatch(/\.\.\.$/); // not cut short with these values
  });

  it("the store's New order SMS and the code SMS fit too", () => {
    const text = newOrderSms({ store: "Dangote Cement Depot Ikeja", order: values.order, amount: values.amount, url: "https://buildmart.ng/stores/dangote-cement-depot-ikeja/orders/3f2a9c1b-7d4e-4c2a-9b1f-0e6d5c4b3a29" });
    expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
    expect(gsm7Length(otpSms("042913"))!).toBeLessThanOrEqual(SMS_MAX);
  });

  it.each([...LANGUAGES])("the delivery code SMS in %s fits one GSM-7 SMS with a long store name and keeps the code whole", (lang) => {
    const text = deliveryCodeSms({ store: "Dangote Cement Depot Ikeja Lagos", code: "0427" }, lang);
    expect(gsm7Length(text)).not.toBeNull();
    expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
    expect(text).toContain("0427");
    expect(text).toContain("Dangote Cement Depot Ikeja Lagos");
    expect(text).not.toMatch(/\.\.\.$/);
  });

  it("₦ and other characters outside GSM-7 are replaced, and an over-long text is cut to 160", () => {
    expect(toSingleSms("Total ₦5,000 — thanks’")).toBe("Total N5,000 - thanks'");
    const long = toSingleSms(`Hi ${"A".repeat(300)}`);
    expect(gsm7Length(long)).toBe(SMS_MAX);
    expect(long.endsWith("...")).toBe(true);
  });
});

describe("normalizeNigerianPhone", () => {
  it.each([
    ["08031234567", "+2348031234567"],
    ["0703 123 4567", "+2347031234567"],
    ["0813-123-4567", "+2348131234567"],
    ["09051234567", "+2349051234567"],
    ["09151234567", "+2349151234567"],
    ["+2348031234567", "+2348031234567"],
    ["2348031234567", "+2348031234567"],
  ])("%s → %s", (input, e164) => expect(normalizeNigerianPhone(input)).toBe(e164));

  it.each(["0603 123 4567", "0803123456", "+14155552671", "hello"])("refuses %s", (input) => expect(normalizeNigerianPhone(input)).toBeNull());
});

describe("SMS templates in every language", () => {
  // Long-ish real values: a long Yoruba name typed with its tone marks, the biggest amount a
  // cart can reach and a full order link.
  const long = { ...values, name: "Olúwaṣeyífúnmi", amount: toSingleSms(formatKobo(9_999_999_999)) };
  const otherLangs = LANGUAGES.filter((l) => l !== "en");

  it.each(LANGUAGES.flatMap((lang) => ORDER_UPDATES.map((update) => [lang, update] as const)))(
    "%s %s: one GSM-7 SMS of at most 160 characters with the order, amount and link",
    (lang, update) => {
      const text = orderSms(update, long, lang);
      expect(gsm7Length(text)).not.toBeNull();
      expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
      expect(text).toContain(long.order);
      expect(text).toContain(long.url);
      if (update === "placed" || update === "paid" || update === "refunded") expect(text).toContain(long.amount);
      expect(text).not.toMatch(/\.\.\.$/);
      expect(text).not.toContain("{{");
    },
  );

  it.each(otherLangs)("%s texts are not the English ones, and the name is written in plain letters", (lang) => {
    for (const update of ORDER_UPDATES) expect(orderSms(update, long, lang)).not.toBe(orderSms(update, long, "en"));
    expect(otpSms("042913", lang)).not.toBe(otpSms("042913", "en"));
    const named = ORDER_UPDATES.map((u) => orderSms(u, long, lang)).filter((t) => t.includes("Oluwaseyifunmi"));
    expect(named.length).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)("%s: the store's New order SMS fits one GSM-7 SMS with the order, amount and whole link, in the owner's language", (lang) => {
    const v = { store: "Dangote Cement Depot Ikeja", order: values.order, amount: values.amount, url: "https://buildmart.ng/stores/dangote-cement-depot-ikeja/orders/3f2a9c1b-7d4e-4c2a-9b1f-0e6d5c4b3a29" };
    const text = newOrderSms(v, lang);
    expect(gsm7Length(text)).not.toBeNull();
    expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
    for (const part of [v.order, v.amount, v.url]) expect(text).toContain(part);
    // A short store name fits beside the whole link.
    expect(newOrderSms({ ...v, store: "Ade Tiles", url: "https://buildmart.ng/stores/ade-tiles/orders/3f2a9c1b-7d4e-4c2a-9b1f-0e6d5c4b3a29" }, lang)).toContain("Ade Tiles");
    expect(text).not.toMatch(/\.\.\.$/);
    if (lang !== "en") expect(text).not.toBe(newOrderSms(v, "en"));
  });

  it.each(LANGUAGES)("%s code SMS fits one GSM-7 SMS", (lang) => {
    const text = otpSms("042913", lang);
    expect(gsm7Length(text)).not.toBeNull();
    expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
    expect(text).toContain("042913");
  });

  it.each(LANGUAGES.flatMap((lang) => [...SHIPMENT_UPDATES, "shipped_pod" as const].map((update) => [lang, update] as const)))(
    "%s %s: a store's shipment update fits one GSM-7 SMS with the store, its amount and the link",
    (lang, update) => {
      const v = { name: long.name, store: "Dangote Cement Depot Ikeja", amount: long.amount, url: long.url };
      const text = shipmentSms(update, v, lang);
      expect(gsm7Length(text)).not.toBeNull();
      expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX);
      expect(text).toContain(v.store);
      expect(text).toContain(v.url);
      if (update === "delivered_cash" || update === "shipped_pod") expect(text).toContain(v.amount);
      expect(text).not.toMatch(/\.\.\.$/);
      expect(text).not.toContain("{{");
      if (lang !== "en") expect(text).not.toBe(shipmentSms(update, v, "en"));
    },
  );

  it("Hausa SMS reads Hausa; an unknown language reads English", () => {
    expect(orderSms("paid", { ...values, name: "Musa" }, "ha")).toMatch(/^Sannu Musa, mun karbi kudinku N12,345,678.90 na odar BuildMart #3F2A9C1B/);
    expect(orderSms("paid", values, "xx")).toBe(orderSms("paid", values, "en"));
  });

  it("letters outside GSM-7 are written plain: tone marks, under-dots and hooked letters", () => {
    expect(toSingleSms("Ọlábísí Ƙaramar ɗan Ụ̀gwụ")).toBe("Olabisi Karamar dan Ugwu");
  });
});
