/**
 * The "Return item" page's server side, shared by the member's page
 * (/users/orders/{id}/return/{itemId}) and the guest's (/orders/{id}/return/{itemId}?t=token, the
 * signed link of the order e-mails): the item and whether it may be returned, and the
 * request POST (multipart: reason, details, optional photo) to the API, with the guest's token
 * in place of a bearer.
 */
import { data } from "@remix-run/node";
import { returnRefusal } from "~/domain/returns";
import type { Api } from "./api.server";
import type { ApiOrder, ApiOrderReturns } from "./api-types";
import { loadOrder } from "./checkout.server";
import { apiErrorsToReply } from "./form-reply";
import { parseWithZod, ReturnFormSchema } from "./forms.server";
import { readForm, redirectWithFlash } from "./responses.server";
import { requestT } from "~/i18n/i18next.server";

const FIELDS = ["reason", "details", "photo"] as const;

const notFound = () => new Response("Not Found", { status: 404 });

/** `?token=` for a guest's calls, "" for a member's. */
const tokenQuery = (token: string | null) => (token ? `?token=${encodeURIComponent(token)}` : "");

/** The order's returns (window, returnable items, requests), or null when the API refuses. */
export async function loadOrderReturns(api: Api, orderId: string, token: string | null = null): Promise<ApiOrderReturns | null> {
  const r = await api.get<ApiOrderReturns>(`/orders/${orderId}/returns/${tokenQuery(token)}`, token && !api.user ? { auth: false } : undefined);
  return r.ok ? r.data : null;
}

export async function returnItemOf(api: Api, orderId: string, itemId: string, token: string | null = null) {
  const order = await loadOrder(api, orderId, token);
  if (!order) throw notFound();
  const item = order.order_items.find((i) => i.id === itemId);
  if (!item) throw notFound();
  const returns = await loadOrderReturns(api, order.id, token);
  if (!returns) throw notFound();
  const existing = returns.results.find((r) => r.order_item_id === item.id) ?? null;
  const until = returns.returnable.find((r) => r.order_item_id === item.id)?.return_by ?? null;
  // Why the item cannot be returned (the domain's message), or null when it can.
  const delivered = item.shipment_status === "Delivered" ? (order.steps.Delivered ?? new Date().toISOString()) : null;
  const refusal = until ? null : (returnRefusal({ status: item.status, deliveredAt: delivered, hasReturn: !!existing }, returns.window_days) ?? "This item cannot be returned.");
  return { order, item, existing, until, refusal };
}

/** What the page shows. */
export function returnPageData(r: Awaited<ReturnType<typeof returnItemOf>>) {
  const { order, item, existing, until, refusal } = r;
  return {
    orderId: order.id,
    item: { id: item.id, name: item.product_name, quantity: item.quantity, total: item.quantity * item.item_price, image: item.image },
    existing: existing ? { status: existing.status, vendor_message: existing.vendor_message } : null,
    until,
    refusal,
  };
}

/**
 * The request form's POST: the form's rules first (messages next to the fields, typed text kept),
 * then the API; success goes back to `back` with a flash.
 */
export async function submitReturn(api: Api, request: Request, order: ApiOrder, item: ApiOrder["order_items"][number], back: string, token: string | null = null) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ReturnFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const body = new FormData();
  body.set("reason", submission.value.reason);
  body.set("details", submission.value.details);
  const photo = form.get("photo");
  if (photo instanceof Blob && photo.size > 0) body.set("photo", photo, photo instanceof File ? photo.name : "photo");
  const r = await api.send(`POST`, `/orders/${order.id}/items/${item.id}/return/${tokenQuery(token)}`, { form: body, ...(token && !api.user ? { auth: false } : {}) });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data(submission.reply(apiErrorsToReply(r.status, r.data, FIELDS, "The return could not be sent. Please try again.")), {
      status: r.status >= 500 ? 502 : 400,
    });
  const t = await requestT(request, "orders");
  return redirectWithFlash(api, back, { kind: "success", message: t("returnPage.done", { name: item.product_name }) });
}
