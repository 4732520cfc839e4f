/** The buyer's delivery code of a pay-on-delivery shipment, read as the buyer reads it (their order's API answer). */
import { expect, type APIRequestContext } from "@playwright/test";
import { readPhoneOutbox } from "./utils";

/** The code of `storeId`'s shipment (the first with a code when no store is named), as the member buyer or with a guest order's token. */
export async function buyerDeliveryCode(
  request: APIRequestContext,
  orderId: string,
  who: { email: string; password: string } | { guestToken: string },
  storeId?: number,
): Promise<string> {
  let url = `/api/v1/orders/${orderId}/`;
  const headers: Record<string, string> = {};
  if ("guestToken" in who) url += `?token=${encodeURIComponent(who.guestToken)}`;
  else {
    const r = await request.post("/api/v1/users/auth/login/", { data: { email: who.email, password: who.password } });
    expect(r.status()).toBe(200);
    headers.authorization = `Bearer ${((await r.json()) as { access: string }).access}`;
  }
  const order = (await (await request.get(url, { headers })).json()) as { shipments: Array<{ store: number | null; delivery_code?: string | null }> };
  const code = order.shipments.find((s) => (storeId === undefined || s.store === storeId) && s.delivery_code)?.delivery_code;
  if (!code) throw new Error(`no delivery code on order ${orderId}`);
  return code;
}

/** The delivery-code SMS to `e164` (waits for it): its text. */
export async function deliveryCodeSms(e164: string, timeoutMs = 15_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const text = (await readPhoneOutbox("sms-outbox", e164)).map((m) => m.text ?? "").find((t) => /delivery code/.test(t));
    if (text) return text;
    if (Date.now() > end) throw new Error(`no delivery code SMS to ${e164}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
