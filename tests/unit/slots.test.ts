/** Delivery slots' rules (app/domain/slot-rules.ts, issue 35 item 5) and collecting in the one money rule. */
import { describe, expect, it } from "vitest";
import { freeTrucks, payOnDeliveryAllowed, slotBookable, slotDays, slotNeeded, slotsToPublish } from "~/domain/slot-rules";
import { priceLines } from "~/domain/pricing";
import { deliveryChoicesFrom } from "~/domain/slot-choices";
import { parseWithZod } from "@conform-to/zod/v4";
import { productFormSchema } from "~/domain/products";
import { productApiForm } from "~/storefront/product-form.server";

describe("slot days", () => {
  it("skips Sundays and Nigerian public holidays, from tomorrow", () => {
    // Wed 23 Dec 2026: Christmas (Fri 25), Boxing Day (Sat 26) and Sunday 27 are skipped.
    expect(slotDays("2026-12-23", 5)).toEqual(["2026-12-24", "2026-12-28"]);
    // Good Friday 2027 is 26 March, Easter Monday 29 March.
    expect(slotDays("2027-03-24", 6)).toEqual(["2027-03-25", "2027-03-27", "2027-03-30"]);
    expect(slotDays("2026-12-23", 0)).toEqual([]);
  });

  it("publishes each window of the layout on each day", () => {
    expect(slotsToPublish("2026-12-23", 2, "halves")).toEqual([
      { day: "2026-12-24", window: "morning" },
      { day: "2026-12-24", window: "afternoon" },
    ]);
    expect(slotsToPublish("2026-12-23", 2, "day")).toEqual([{ day: "2026-12-24", window: "day" }]);
  });

  it("books only a future business day with a truck free", () => {
    expect(freeTrucks(2, 3)).toBe(0);
    expect(slotBookable({ day: "2026-12-24", cap: 1, booked: 0 }, "2026-12-23")).toBe(true);
    expect(slotBookable({ day: "2026-12-24", cap: 1, booked: 1 }, "2026-12-23")).toBe(false);
    expect(slotBookable({ day: "2026-12-23", cap: 1, booked: 0 }, "2026-12-23")).toBe(false);
    expect(slotBookable({ day: "2026-12-25", cap: 1, booked: 0 }, "2026-12-23")).toBe(false);
  });

  it("asks for a slot for bulk goods of a store with slots, unless collected; never cash at the door for bulk", () => {
    expect(slotNeeded({ hasBulk: true, storeOffersSlots: true, collect: false })).toBe(true);
    expect(slotNeeded({ hasBulk: true, storeOffersSlots: true, collect: true })).toBe(false);
    expect(slotNeeded({ hasBulk: true, storeOffersSlots: false, collect: false })).toBe(false);
    expect(slotNeeded({ hasBulk: false, storeOffersSlots: true, collect: false })).toBe(false);
    expect(payOnDeliveryAllowed(true)).toBe(false);
    expect(payOnDeliveryAllowed(false)).toBe(true);
  });
});

describe("collecting in the one money rule", () => {
  it("prices a collected shipment with no shipping, the others as before", () => {
    const lines = [
      { storeId: 1, originState: "Lagos", size: "large" as const, quantity: 2, unitKobo: 1_000_000 },
      { storeId: 2, originState: "Kano", size: "large" as const, quantity: 1, unitKobo: 500_000 },
    ];
    const delivered = priceLines(lines, "Lagos");
    const collected = priceLines(lines, "Lagos", undefined, new Set([1]));
    expect(delivered.shipments[0].shippingKobo).toBeGreaterThan(0);
    expect(collected.shipments[0]).toMatchObject({ shippingKobo: 0, totalKobo: 2_000_000 });
    expect(collected.shipments[1].shippingKobo).toBe(delivered.shipments[1].shippingKobo);
    expect(collected.totalKobo).toBe(2_500_000 + (delivered.shipments[1].shippingKobo ?? 0));
  });
});

describe("the checkout form's choices", () => {
  it("reads a slot or collection per store; collecting drops the slot; junk is ignored", () => {
    const f = new FormData();
    f.set("slot_4", "17");
    f.set("fulfil_5", "collect");
    f.set("slot_5", "9");
    f.set("fulfil_6", "deliver");
    f.set("slot_x", "1");
    f.set("slot_7", "nope");
    const { choices, sent } = deliveryChoicesFrom(f);
    expect(choices).toEqual([
      { store_id: 4, slot_id: 17 },
      { store_id: 5, collect: true },
    ]);
    expect(sent).toEqual({ slot_4: "17", fulfil_5: "collect", slot_5: "9", fulfil_6: "deliver" });
  });
});

describe("the product form's bulk checkbox", () => {
  const base = { type: "sale", category: "1", name: "Sharp sand", price: "180000", size: "large", stock_quantity: "4", description: Array.from({ length: 60 }, () => "sand").join(" ") };
  const formOf = (fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    return fd;
  };
  it("sends bulk either way, so unticking it clears it", () => {
    const ticked = parseWithZod(formOf({ ...base, bulk: "on" }), { schema: productFormSchema("edit") });
    const unticked = parseWithZod(formOf(base), { schema: productFormSchema("edit") });
    expect(ticked.status).toBe("success");
    expect(unticked.status).toBe("success");
    if (ticked.status !== "success" || unticked.status !== "success") return;
    expect(productApiForm(ticked.value, 7, new Map()).get("bulk")).toBe("true");
    expect(productApiForm(unticked.value, 7, new Map()).get("bulk")).toBe("false");
  });
});
