/** The one rule of paying a pay-on-delivery shipment at the door by transfer (app/domain/order-rules.ts). */
import { describe, expect, it } from "vitest";
import { payAtDoorRefusal } from "~/domain/order-rules";

const open = { method: "PayOnDelivery", paymentStatus: "Pending", activeItems: 2, cashReceived: false, paidByTransfer: false };

describe("paying a delivery at the door by transfer", () => {
  it("is allowed for an open pay-on-delivery shipment with items and no money in", () => {
    expect(payAtDoorRefusal(open)).toBeNull();
    // another store's cash is in: the order shows Partly paid and this delivery is still open
    expect(payAtDoorRefusal({ ...open, paymentStatus: "Partly paid" })).toBeNull();
  });
  it("names why it is not", () => {
    expect(payAtDoorRefusal({ ...open, method: "CardPayment" })).toBe("notPod");
    expect(payAtDoorRefusal({ ...open, activeItems: 0 })).toBe("cancelled");
    expect(payAtDoorRefusal({ ...open, paymentStatus: "Cancelled" })).toBe("cancelled");
    expect(payAtDoorRefusal({ ...open, paidByTransfer: true })).toBe("paid");
    expect(payAtDoorRefusal({ ...open, paymentStatus: "Complete" })).toBe("paid");
    expect(payAtDoorRefusal({ ...open, cashReceived: true })).toBe("cash");
  });
});
