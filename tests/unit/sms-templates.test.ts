/** Every SMS fits one GSM-7 message with real-looking values, and the phone rule normalises every Nigerian mobile form. */
import { describe, expect, it } from "vitest";
import { gsm7Length, SMS_MAX, toSingleSms } from "~/domain/phone";
import { normalizeNigerianPhone } from "~/domain/validation";
import { formatKobo } from "~/domain/money";
import { newOrderSms, ORDER_UPDATES, orderSms, otpSms } from "~/integrations/sms-templates.server";

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
