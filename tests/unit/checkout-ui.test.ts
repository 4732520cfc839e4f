/** The checkout pages' small rules: which callback values are read, phones in local form, what the order page offers. */
import { describe, expect, it } from "vitest";
import { authSwitchHref } from "~/components/auth-forms";
import { localPhone } from "~/components/checkout/format";
import { canCancelItem, needsPayment } from "~/components/checkout/order-rules";
import { callbackOrderId, callbackReference, successPath } from "~/storefront/checkout.server";

const u = (q: string) => new URL(`http://x.test/checkout/payment/success?${q}`);
const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("Paystack callback query", () => {
  it("reads reference first, then trxref, tx_ref, trx_ref", () => {
    expect(callbackReference(u("trxref=T&reference=R"))).toBe("R");
    expect(callbackReference(u("trxref=T"))).toBe("T");
    expect(callbackReference(u("tx_ref=X"))).toBe("X");
    expect(callbackReference(u("trx_ref=Y"))).toBe("Y");
    expect(callbackReference(u("order_id=" + ID))).toBeNull();
  });
  it("ignores references Paystack could not have made", () => {
    expect(callbackReference(u("reference=" + encodeURIComponent("<script>")))).toBeNull();
    expect(callbackReference(u("reference=" + "a".repeat(101)))).toBeNull();
  });
  it("reads order_id or o_id, only as a UUID", () => {
    expect(callbackOrderId(u(`order_id=${ID.toUpperCase()}`))).toBe(ID);
    expect(callbackOrderId(u(`o_id=${ID}`))).toBe(ID);
    expect(callbackOrderId(u("order_id=1; DROP TABLE orders"))).toBeNull();
  });
  it("the success page hides VIEW ORDER for guests with g=y", () => {
    expect(successPath(ID, true)).toBe(`/checkout/payment/success?order_id=${ID}&g=y`);
    expect(successPath(ID, false)).toBe(`/checkout/payment/success?order_id=${ID}`);
  });
});

describe("localPhone", () => {
  it("shows +234 numbers in local form and leaves others alone", () => {
    expect(localPhone("+2348031234567")).toBe("0803 123 4567");
    expect(localPhone("08031234567")).toBe("0803 123 4567");
    expect(localPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(localPhone(null)).toBe("");
  });
});

describe("order page actions", () => {
  const order = (m: string, p: string, d = "Placed") => ({ order_payment_method: m, order_payment_status: p, order_delivery_status: d });
  it("Complete Payment only for card orders not paid yet", () => {
    expect(needsPayment(order("CardPayment", "Pending"))).toBe(true);
    expect(needsPayment(order("CardPayment", "Failed"))).toBe(true);
    expect(needsPayment(order("CardPayment", "Complete"))).toBe(false);
    expect(needsPayment(order("PayOnDelivery", "Pending"))).toBe(false);
  });
  it("Cancel only before shipping, on settled orders, for items not cancelled", () => {
    const item = { status: "Active", cancellable: true };
    expect(canCancelItem(order("PayOnDelivery", "Pending"), item)).toBe(true);
    expect(canCancelItem(order("CardPayment", "Complete", "Confirmed"), item)).toBe(true);
    expect(canCancelItem(order("CardPayment", "Pending"), item)).toBe(false);
    expect(canCancelItem(order("PayOnDelivery", "Pending", "Shipped"), item)).toBe(false);
    expect(canCancelItem(order("PayOnDelivery", "Pending"), { status: "Cancelled", cancellable: false })).toBe(false);
    expect(canCancelItem(order("PayOnDelivery", "Pending"), { status: "Active", cancellable: false })).toBe(false);
  });
});

describe("login ↔ register links from checkout", () => {
  it("keep the origin, the checkout flag and buy", () => {
    expect(authSwitchHref("/auth/register", "/checkout/payment?buy=7", true, "7")).toBe("/auth/register?redirectTo=%2Fcheckout%2Fpayment%3Fbuy%3D7&checkout=1&buy=7");
    expect(authSwitchHref("/auth/login", "", false, null)).toBe("/auth/login");
  });
});
