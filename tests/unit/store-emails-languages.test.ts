/**
 * The store's e-mails (issue 38 item 3: the seller's area in the four languages): the New order
 * e-mail to each member, the return request to the store and the member invitation, written in the
 * reader's account language, every placeholder filled, nothing of the English text left but the
 * names and numbers.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { memberInvitationEmail } from "~/integrations/mail/member-emails.server";
import { returnRequestedEmail } from "~/integrations/mail/return-emails.server";
import { newOrderStoreEmail } from "~/integrations/mail/store-order-emails.server";

const ORDER = "3f2a9c1b-7d4e-4c2a-9b1f-0e6d5c4b3a29";
const cement = { name: "Dangote cement 50kg", optionLabel: null, quantity: 3, totalKobo: 2_700_000, unit: "bag", unitKobo: 900_000 };

const mails = (lang: string) => ({
  order: newOrderStoreEmail({ to: "shop@example.com", firstName: "Chidi", storeName: "Lagos Depot", storeSlug: "lagos-depot", orderId: ORDER, paymentMethod: "PayOnDelivery", state: "Lagos", lga: "Ikeja", lines: [cement], itemsKobo: 2_700_000, shippingKobo: 350_000, lang }),
  card: newOrderStoreEmail({ to: "shop@example.com", storeName: "Lagos Depot", storeSlug: "lagos-depot", orderId: ORDER, paymentMethod: "CardPayment", state: null, lines: [cement], itemsKobo: 2_700_000, shippingKobo: 0, lang }),
  ret: returnRequestedEmail({ to: "shop@example.com", orderId: ORDER, productName: "Dangote cement 50kg", storeName: "Lagos Depot", storeSlug: "lagos-depot", reason: "Wrong item", details: "Got 32.5 grade", lang }),
  invite: memberInvitationEmail({ to: "new@example.com", storeName: "Lagos Depot", inviterName: "Ada Obi", token: "tok", expiresAt: new Date("2026-12-06T10:00:00Z"), lang }),
});

describe("store e-mails in every language", () => {
  const en = mails("en");
  it("English reads as before", () => {
    expect(en.order.subject).toBe("New order #3F2A9C1B for Lagos Depot");
    expect(en.order.text).toContain("Hello Chidi,\n\nLagos Depot has a new order, #3F2A9C1B: 3 items to deliver to");
    expect(en.order.text).toContain("Collect ₦30,500 from the buyer when you deliver.");
    expect(en.card.text).toContain("3 items to deliver to the buyer.");
    expect(en.ret.subject).toBe("Return requested: Dangote cement 50kg (order #3F2A9C1B)");
    expect(en.ret.text).toContain("Reason: Wrong item.");
    expect(en.invite.subject).toBe("You are invited to join Lagos Depot on BuildMart NG");
  });

  for (const lang of LANGUAGES.filter((l) => l !== "en")) {
    it(`${lang}: the reader's language, every value in place`, () => {
      const m = mails(lang);
      for (const [kind, mail] of Object.entries(m)) {
        const e = en[kind as keyof typeof en];
        expect(mail.text, kind).not.toBe(e.text); // Pidgin may keep a subject as English has it ("New order ...")
        expect(mail.text, kind).not.toContain("{{");
        expect(mail.html, kind).toContain(`<html lang="${lang}">`);
        // Pidgin says some of these as English does ("Open the order", "Payment:").
        const english = ["Hello", "Review the return", "Reason:", "Wrong item", "Qty", ...(lang === "pcm" ? [] : ["Open the order", "Accept the invitation", "Payment:"])];
        for (const words of english) expect(mail.html, `${kind}: ${words}`).not.toContain(words);
      }
      expect(m.order.text).toContain("#3F2A9C1B");
      expect(m.order.text).toContain("Lagos Depot");
      expect(m.order.text).toContain("₦30,500");
      expect(m.ret.text).toContain("Got 32.5 grade");
      expect(m.invite.text).toContain("Ada Obi");
      expect(m.invite.text).not.toContain("December");
    });
  }
});
