/**
 * Trade units in e-mails (issue 34: the unit wherever a price is): the buyer's order and payment
 * e-mails and the store's new-order e-mail name each line's price per unit and its unit, in the
 * reader's language ("₦9,000 per bag"; Yorùbá "fún àpò kan"), so "60 × cement" reads as 60 bags
 * at the 50+ rung, not 60 of something.
 */
import { describe, expect, it } from "vitest";
import { orderPlacedEmail } from "~/integrations/mail/order-emails.server";
import { paidEmail } from "~/integrations/mail/payment-emails.server";
import { newOrderStoreEmail } from "~/integrations/mail/store-order-emails.server";

const ORDER = "3f2a9c1b-7d4e-4c2a-9b1f-0e6d5c4b3a29";
const cement = { name: "Dangote cement 50kg", quantity: 60, totalKobo: 54_000_000, unit: "bag", unitKobo: 900_000 };
const sand = { name: "Sharp sand", quantity: 1, totalKobo: 18_500_000, unit: "trip", unitKobo: 18_500_000 };

describe("e-mails name each line's unit price and unit", () => {
  it("the order e-mail, in English and in Yorùbá", () => {
    const input = { to: "ada@example.com", firstName: "Ada", orderId: ORDER, paymentMethod: "PayOnDelivery" as const, lines: [cement, sand], subtotalKobo: 72_500_000, shippingKobo: 350_000, totalKobo: 72_850_000, state: "Lagos" };
    const en = orderPlacedEmail(input);
    expect(en.text).toContain("- Dangote cement 50kg, ₦9,000 per bag × 60: ₦540,000");
    expect(en.text).toContain("Sharp sand, ₦185,000 per trip × 1");
    expect(en.html).toContain("Dangote cement 50kg, ₦9,000 per bag");
    const yo = orderPlacedEmail({ ...input, lang: "yo" });
    expect(yo.text).toContain("Dangote cement 50kg, ₦9,000 fún àpò kan × 60");
    expect(yo.text).not.toContain("per bag");
  });

  it("the payment e-mail and the store's new-order e-mail", () => {
    const paid = paidEmail("ada@example.com", { id: ORDER, guestToken: null, firstName: "Ada", lang: "en" }, { amountKobo: 72_850_000, shippingKobo: 350_000, reference: "ord-x-1", lines: [cement] });
    expect(paid.text).toContain("Dangote cement 50kg, ₦9,000 per bag x 60");
    const store = newOrderStoreEmail({ to: "shop@example.com", storeName: "Lagos Depot", storeSlug: "lagos-depot", orderId: ORDER, paymentMethod: "PayOnDelivery", state: "Lagos", lines: [{ ...cement, optionLabel: null }], itemsKobo: 54_000_000, shippingKobo: 350_000 });
    expect(store.text).toContain("Dangote cement 50kg, ₦9,000 per bag × 60: ₦540,000");
    // A line without a unit price (an old caller) reads as before.
    const plain = orderPlacedEmail({ to: "a@example.com", firstName: "A", orderId: ORDER, paymentMethod: "PayOnDelivery", lines: [{ name: "Door", quantity: 2, totalKobo: 100_000 }], subtotalKobo: 100_000, shippingKobo: 0, totalKobo: 100_000, state: "Lagos" });
    expect(plain.text).toContain("- Door × 2: ₦1,000");
  });
});
