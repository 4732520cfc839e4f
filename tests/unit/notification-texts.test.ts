/**
 * A member's notices are stored as a message key and its values (~/domain/notices, migration 0037)
 * and said in the reader's language when shown. Every key a notice may carry has its message in
 * all five languages with the same variables as English (so no notice falls back to English or
 * loses a value), and the page's words for it come from the same function for every language.
 */
import { describe, expect, it } from "vitest";
import { NOTICE_BODY_KEYS, NOTICE_TITLE_KEYS, REFUND_WHAT_KEYS, noticeColumns, sayNotice } from "~/domain/notices";
import { LANGUAGES } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import { textsFor } from "~/i18n/texts.server";

type Tree = { [k: string]: unknown };
const messageAt = (lang: (typeof LANGUAGES)[number], key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), resources[lang].account);
const variables = (text: string) => [...text.matchAll(/{{-?\s*([^}]+?)\s*}}/g)].map((m) => m[1]).sort();

const KEYS = [
  ...NOTICE_TITLE_KEYS.map((k) => `notifications.kind.${k}`),
  ...NOTICE_BODY_KEYS.map((k) => `notifications.body.${k}`),
  ...REFUND_WHAT_KEYS.map((k) => `notifications.refund_what.${k}`),
];

describe("notification messages", () => {
  it.each([...LANGUAGES])("has every notification key in %s, with English's variables", (lang) => {
    const problems: string[] = [];
    for (const key of KEYS) {
      const en = messageAt("en", key);
      const mine = messageAt(lang, key);
      if (typeof en !== "string") problems.push(`${key}: no English`);
      else if (typeof mine !== "string" || !mine.trim()) problems.push(`${key}: missing`);
      else if (variables(mine).join() !== variables(en).join()) problems.push(`${key}: {{${variables(mine)}}} against English {{${variables(en)}}}`);
    }
    expect(problems).toEqual([]);
  });

  it("writes the English title and body of a notice from its key, for the API's clients", () => {
    const en = textsFor("en", "account");
    expect(noticeColumns({ title: "order_paid", body: "paid_by_card", params: { number: "#AB12CD34", amount_kobo: 1250050 } }, en)).toEqual({
      title: "Payment received for order #AB12CD34",
      body: "₦12,500.50 paid by card.",
      title_key: "order_paid",
      body_key: "paid_by_card",
      params: { number: "#AB12CD34", amount_kobo: 1250050 },
    });
    // No body key: the body as written (a seller's words).
    expect(noticeColumns({ title: "return_refused", params: { product: "Floor tiles" } }, en, "Wrong size, sorry").body).toBe("Wrong size, sorry");
  });

  it("says a notice made in English in Hausa, its values kept and its amounts, quantities and reasons the reader's", () => {
    const en = textsFor("en", "account");
    const ha = textsFor("ha", "account");
    const made = noticeColumns(
      { title: "item_cancelled", body: "item_cancelled_refund", params: { number: "#AB12CD34", item: "Dangote cement", quantity: 1500, reason: "Incorrect Product or Quantity Ordered" } },
      en,
    );
    expect(made.title).toBe("Item cancelled on order #AB12CD34");
    expect(made.body).toBe("Dangote cement × 1,500: Incorrect Product or Quantity Ordered. A refund is on its way.");
    const said = sayNotice(made, ha);
    expect(said.title).toBe("An soke kaya ɗaya a oda #AB12CD34");
    expect(said.body).toBe(`Dangote cement × 1,500: ${textsFor("ha", "orders")("cancelReason.Incorrect Product or Quantity Ordered")}. Ana mayar maka da kuɗinka.`);
    expect(said.body).not.toContain("Incorrect Product");

    const refund = sayNotice({ title: "Refund of ₦3,000 sent", body: "", title_key: "refund", body_key: "refund_for", params: { number: "#AB12CD34", amount_kobo: 300000, what_key: "shipping" } }, ha);
    expect(refund).toEqual({ title: "An mayar maka da ₦3,000", body: "Don kuɗin kai kaya a oda #AB12CD34." });
  });

  it("shows a notice without a key as stored, and an unknown key as stored too", () => {
    const ha = textsFor("ha", "account");
    expect(sayNotice({ title: "Something the seller wrote", body: "As written" }, ha)).toEqual({ title: "Something the seller wrote", body: "As written" });
    expect(sayNotice({ title: "Old", body: "Old body", title_key: "no_such_key", body_key: null, params: {} }, ha)).toEqual({ title: "Old", body: "Old body" });
  });
});
