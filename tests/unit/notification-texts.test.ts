/**
 * A shopper's in-app notices in their language. Notices are stored as the English the workflows
 * write (app/workflows/*), and the account's notifications page says a notice of a known shape
 * again in the reader's language (app/components/users/notification-texts.ts). Two checks:
 * every buyer notice title the workflows write has a shape (so a reworded workflow text cannot
 * fall back to English unseen), and a notice of each shape reads in Yorùbá with its values kept.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { noticeIn } from "~/components/users/notification-texts";
import { tFor } from "~/i18n/i18next.server";

const WORKFLOWS = path.resolve("app/workflows");

/** The English title templates of the buyer's notices in the workflows' sources, `${…}` as "X". */
function buyerTitles(): Array<{ file: string; kind: string; title: string }> {
  const out: Array<{ file: string; kind: string; title: string }> = [];
  for (const f of fs.readdirSync(WORKFLOWS).filter((n) => n.endsWith(".ts"))) {
    const src = fs.readFileSync(path.join(WORKFLOWS, f), "utf8");
    const shapes = [/buyerNotice\([^,]+,[^,]+,\s*"(\w+)",\s*`([^`]+)`/g, /kind: "((?:order|return|item|refund)_\w+)",[^}]*?title: `([^`]+)`/g];
    for (const re of shapes) for (const m of src.matchAll(re)) out.push({ file: f, kind: m[1], title: m[2].replace(/\$\{[^}]+\}/g, "X") });
  }
  return out.filter((x) => !x.title.startsWith("Return requested")); // the store's notice: seller pages stay English
}

describe("a shopper's notices in their language", () => {
  it("has a shape for every buyer notice title the workflows write", async () => {
    const t = await tFor("yo", "account");
    const titles = buyerTitles();
    expect(titles.length).toBeGreaterThanOrEqual(8);
    const untranslated = titles.filter((x) => noticeIn({ title: x.title, body: "" }, (k, v) => t(k, v)).title === x.title);
    expect(untranslated).toEqual([]);
  });

  it("says each kind of notice again in Yorùbá, values kept", async () => {
    const t = await tFor("yo", "account");
    const say = (k: string, v?: Record<string, string | number>) => t(k, v);
    const samples = [
      { title: "Order A1B2C3 placed", body: "You pay on delivery.", keep: ["A1B2C3"] },
      { title: "Order A1B2C3: Lekki Tiles confirmed", body: "Lekki Tiles is preparing its items for shipment.", keep: ["A1B2C3", "Lekki Tiles"] },
      { title: "Your return of Dangote Cement 50kg was refused", body: "", keep: ["Dangote Cement 50kg"] },
      { title: "Your return of Dangote Cement 50kg was accepted", body: "The refund is on its way to your card.", keep: ["Dangote Cement 50kg"] },
      { title: "Your return of Dangote Cement 50kg was refunded", body: "The money will be paid back to you.", keep: ["Dangote Cement 50kg"] },
      { title: "Order A1B2C3: Lekki Tiles's delivery is paid", body: "₦52,500 paid by bank transfer. Pay nothing at the door: give the rider your delivery code.", keep: ["A1B2C3", "Lekki Tiles"] },
      { title: "Payment received for order A1B2C3", body: "₦52,500 paid by USSD.", keep: ["A1B2C3"] },
    ];
    for (const s of samples) {
      const yo = noticeIn(s, say);
      expect(yo.title).not.toBe(s.title);
      if (s.body) expect(yo.body).not.toBe(s.body);
      for (const v of s.keep) expect(yo.title).toContain(v);
    }
  });

  it("leaves a notice of an unknown shape as it was written", async () => {
    const t = await tFor("ha", "account");
    const n = { title: "Something new happened", body: "Read this." };
    expect(noticeIn(n, (k, v) => t(k, v))).toEqual(n);
  });
});
