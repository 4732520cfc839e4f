/**
 * /checkout/payment — checkout (spec sections 2, 4, 5, 8). `?buy={productId}` buys one product
 * now, otherwise the cart; `?g=y` is guest checkout (contact and shipping fields), a guest without
 * it goes to the login page (which offers "Checkout as guest"), keeping buy and the origin.
 * Members: the DELIVERY ADDRESS block (the chosen address is kept in the session; intents
 * use-address, add-address, edit-address), payment method, order summary with the shipping quote
 * for the chosen state, Place order (intent place). Guests: intents quote (shipping for the state)
 * and place. Every form is a plain POST; the Place order form carries an idempotency token sent as
 * Idempotency-Key, so a double submit makes one order. Pay on delivery → 303 to the success page;
 * card → a payment attempt and 303 to Paystack's page.
 */
import { useTranslation } from "~/i18n/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutSummary } from "~/components/checkout/order-summary";
import { checkoutHref } from "~/components/checkout/format";
import type { CheckoutAddress } from "~/components/checkout/delivery-address";
import { PaymentChoice, PlaceOrderButton, type Method } from "~/components/checkout/payment-choice";
import { island, islandsLoader } from "~/components/ui/island";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { apiFor, type Api } from "~/storefront/api.server";
import type { ApiAddress } from "~/storefront/api-types";
import { forgetCart } from "~/storefront/cart.server";
import {
  callbackOrderId,
  canonicalState,
  chooseAddress,
  DEFAULT_PAYMENT_METHOD,
  typedQuantity,
  chosenAddress,
  loadCheckoutItems,
  placeOrder,
  quoteShipping,
  rememberGuestOrder,
  startCardPayment,
  startOfflinePayment,
  offlinePath,
  ussdChoicePath,
  isCheckoutMethod,
  apiPaymentMethod,
  successPath,
  type CheckoutItems,
  type ShippingQuote,
} from "~/storefront/checkout.server";
import { positiveId } from "~/storefront/form-answer.server";
import { apiErrorsToReply, apiMessage } from "~/storefront/form-reply";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { getGuestCartId } from "~/storefront/session.server";
import type { SubmissionResult } from "@conform-to/react";
import { requestT } from "~/i18n/i18next.server";
import { newAddressDefaults } from "~/storefront/address-defaults.server";
import { parseWithZod, AddressFormSchema, toAddressBody, GuestCheckoutFormSchema, GuestCheckoutSchema } from "~/storefront/forms.server";
import { choiceRefusal, deliveryChoicesFrom, loadDeliveryOptions } from "~/storefront/slots.server";

interface Query {
  buy: number | null;
  /** The buy-now product's option (?option=, only with buy). */
  option: number | null;
  /** The buy-now quantity (?qty=, only with buy). */
  qty: number;
  guest: boolean;
}

function readQuery(request: Request): Query & { url: URL } {
  const url = new URL(request.url);
  const buy = positiveId(url.searchParams.get("buy"));
  return { url, buy, option: buy ? positiveId(url.searchParams.get("option")) : null, qty: buy ? typedQuantity(url.searchParams.get("qty")) : 1, guest: url.searchParams.get("g") === "y" };
}

/** A guest without g=y: to the login page, which offers "Checkout as guest" (keeping buy). */
function toLogin(url: URL, buy: number | null): Response {
  const q = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}`, checkout: "1" });
  if (buy) q.set("buy", String(buy));
  return redirect(`/auth/login?${q}`, { status: 303 });
}

/**
 * The forms with conform (the guest's contact and shipping form, the member's delivery address
 * block) come on demand (components/ui/island.tsx): not in the page's first view.
 */
const GuestCheckout = island(() => import("~/components/checkout/guest-checkout").then((m) => ({ default: m.GuestCheckout })));
const DeliveryAddressBlock = island(() => import("~/components/checkout/delivery-address").then((m) => ({ default: m.DeliveryAddressBlock })));
/** The banner of a failed Place order (rare; with the form messages' table it is ~4 KB gzip). */
const FormErrors = island(() => import("~/components/ui/forms").then((m) => ({ default: m.FormErrors })));
/** Issue 35 item 5: each store's delivery day or the yard (plain radios: they work before their code comes). */
const ShipmentChoices = island(() => import("~/components/slots/shipment-choices").then((m) => ({ default: m.ShipmentChoices })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(GuestCheckout, DeliveryAddressBlock, FormErrors, ShipmentChoices);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { url, buy, option, qty, guest } = readQuery(request);
  const api = await apiFor(request, context);
  const user = api.user;
  // "Cancel payment" on Paystack's page comes back here (metadata.cancel_action): the order is
  // saved, so show its page with Try again / Pay on delivery instead.
  const cancelledOrder = callbackOrderId(url);
  const t = await requestT(request, "checkout");
  if (cancelledOrder) throw await redirectWithFlash(api, successPath(cancelledOrder, !user), { kind: "info", message: t("flash.cardCancelled") });
  if (!user && !guest) throw toLogin(url, buy);
  // A signed-in shopper checks out as a member.
  if (user && guest) throw redirect(checkoutHref(buy, {}, option, qty), { status: 303 });
  const items = await loadCheckoutItems(api, request, buy, option, qty);
  if (!items && buy) throw new Response("Not Found", { status: 404 });
  const idempotencyKey = crypto.randomUUID();
  // Issue 35 item 5: each store's delivery slots (bulk goods) and yard, to choose from.
  const deliveryOptions = items ? await loadDeliveryOptions(api, items.lines.map((l) => l.productId)) : [];
  const base = {
    title: t("title"),
    buy,
    option,
    qty,
    idempotencyKey,
    defaultMethod: DEFAULT_PAYMENT_METHOD as Method,
    lines: items?.lines ?? [],
    subtotal: items?.subtotal ?? 0,
    deliveryOptions,
    bulk: deliveryOptions.some((s) => s.bulk),
  };
  if (!user) {
    return data({ ...base, mode: "guest" as const, addresses: [] as CheckoutAddress[], chosen: null, shipping: null, state: null, changing: false, editId: null, adding: false }, { headers: await api.headers() });
  }
  const addresses = await api.must(api.get<ApiAddress[]>(`/users/${user.id}/addresses/`));
  const chosen = chosenAddress(api, addresses);
  const newAddress = await newAddressDefaults(api, user, addresses.length);
  const shipping = items ? await quoteShipping(api, items, chosen?.state ?? null) : null;
  // Pay on delivery closed after refusals at the door (issue 36 item 6): said next to the choice.
  const pod = await api.get<{ allowed: boolean; limit: number; window_days: number }>("/orders/pay-on-delivery/");
  const podOff = pod.ok && !pod.data.allowed ? t("method.deliveryOff", { count: pod.data.limit, days: pod.data.window_days }) : null;
  return data(
    {
      ...base,
      mode: "member" as const,
      podOff,
      addresses,
      newAddress,
      chosen,
      shipping,
      state: chosen?.state ?? null,
      changing: url.searchParams.get("change") === "1" && addresses.length > 0,
      editId: positiveId(url.searchParams.get("edit")),
      adding: url.searchParams.get("add") === "1",
    },
    { headers: await api.headers() },
  );
}

type Reply = SubmissionResult<string[]>;
interface ActionAnswer {
  intent: string;
  result: Reply;
  shipping?: ShippingQuote | null;
  state?: string | null;
  /** The shipment choices sent (issue 35 item 5), shown again after a refusal. */
  choices?: Record<string, string>;
}
const answer = async (api: Api, a: ActionAnswer, status = 400) => data(a, { status, headers: await api.headers() });
/** Form-level messages as a conform reply. */
const formError = (message: string, initialValue?: Record<string, unknown>): Reply => ({ status: "error", initialValue: (initialValue ?? null) as Reply["initialValue"], error: { "": [message] } });

export async function action({ request, context }: ActionFunctionArgs) {
  const { url, buy, option, qty, guest } = readQuery(request);
  const api = await apiFor(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const user = api.user;
  if (!user && !guest) return toLogin(url, buy);
  const t = await requestT(request, "checkout");

  if (user && (intent === "use-address" || intent === "add-address" || intent === "edit-address")) {
    return addressIntent(api, user.id, intent, form, buy, option, qty, t);
  }
  if (intent === "quote" && !user) {
    const state = canonicalState(String(form.get("state") ?? ""));
    const items = await loadCheckoutItems(api, request, buy, option, qty);
    const shipping = items ? await quoteShipping(api, items, state) : null;
    const payload = Object.fromEntries([...form.entries()].filter(([k]) => k !== "intent" && typeof k === "string"));
    return answer(api, { intent, result: { initialValue: payload as Reply["initialValue"] }, shipping, state }, 200);
  }
  if (intent !== "place") throw unknownIntent();

  // Nothing to buy any more may still be a retry of a placed order (its cart already emptied):
  // the API answers a known idempotency key with that order, anything else with "cart empty".
  const items = await loadCheckoutItems(api, request, buy, option, qty);
  const method = String(form.get("order_payment_method") ?? "");
  const key = String(form.get("idempotencyKey") ?? "");
  // Issue 35 item 5: a delivery slot or the yard, per store's shipment.
  const { choices, sent } = deliveryChoicesFrom(form);
  const chosen = choices.length ? { delivery_choices: choices } : {};

  if (user) {
    const addressId = positiveId(form.get("delivery_address_id"));
    if (!addressId) return answer(api, { intent, result: formError(t("error.noAddress")) });
    if (!isCheckoutMethod(method)) return answer(api, { intent, result: formError(t("error.selectBoth")), choices: sent });
    // The order's lines come from exactly one source: the product bought now, or this cart (named
    // explicitly; `cartItems` asks for "my cart" when the page no longer knows its id, e.g. a retry).
    const body = { delivery_address_id: addressId, order_payment_method: apiPaymentMethod(method), ...chosen, ...(buy ? { buy, quantity: qty, ...(option ? { option_id: option } : {}) } : items?.cartId ? { cart_id: items.cartId } : { cartItems: [] }) };
    return finishPlacement(api, items, body, key, method as Method, false, { choices: sent }, t);
  }

  const submission = parseWithZod(form, { schema: GuestCheckoutFormSchema });
  const state = canonicalState(String(form.get("state") ?? ""));
  const shipping = items ? await quoteShipping(api, items, state) : null;
  if (submission.status !== "success") return answer(api, { intent, result: submission.reply(), shipping, state, choices: sent });
  if (!isCheckoutMethod(method)) {
    return answer(api, { intent, result: submission.reply({ formErrors: [t("error.selectBoth")] }), shipping, state, choices: sent });
  }
  const cartId = buy ? null : await getGuestCartId(request);
  const body = {
    guest_delivery_address: { ...submission.value, country: "NGA" },
    order_payment_method: apiPaymentMethod(method),
    ...chosen,
    ...(buy ? { buy, quantity: qty, ...(option ? { option_id: option } : {}) } : cartId ? { cart_id: cartId } : { cartItems: [] }),
  };
  return finishPlacement(api, items, body, key, method as Method, true, { shipping, state, payload: submission.payload, choices: sent }, t);
}

async function finishPlacement(
  api: Api,
  items: CheckoutItems | null,
  body: Record<string, unknown>,
  key: string,
  method: Method,
  guest: boolean,
  echo: { shipping?: ShippingQuote | null; state?: string | null; payload?: Record<string, unknown>; choices?: Record<string, string> },
  t: CheckoutT,
) {
  const r = await placeOrder(api, body, key);
  if (!r.ok) {
    if (r.status === 401) throw await api.signedOut();
    if (!items) return redirectWithFlash(api, "/cart", { kind: "error", message: apiMessage(r.data, t("error.emptyCart")) });
    const fields = guest ? Object.keys(GuestCheckoutSchema.shape) : [];
    // The guest fields come back as {"guest_delivery_address.<field>": [...]}.
    const body = r.data && typeof r.data === "object" && !Array.isArray(r.data)
      ? Object.fromEntries(Object.entries(r.data).map(([k, v]) => [k.replace(/^guest_delivery_address\./, ""), v]))
      : r.data;
    const errors = apiErrorsToReply(r.status, body, fields, t("error.notPlaced"));
    // A new store at its daily order cap (decision 0032): said in the reader's language.
    const cap = body && typeof body === "object" && !Array.isArray(body) ? (body as { code?: unknown; store_name?: unknown; cap?: unknown }) : null;
    if (cap?.code === "store_daily_cap") errors.formErrors = [t("error.storeCap", { store: String(cap.store_name ?? ""), cap: Number(cap.cap) })];
    // Pay on delivery closed after refusals at the door (issue 36 item 6): why, in the reader's language.
    const pod = body && typeof body === "object" && !Array.isArray(body) ? (body as { code?: unknown; limit?: unknown; window_days?: unknown }) : null;
    if (pod?.code === "pay_on_delivery_off") errors.formErrors = [t("method.deliveryOff", { count: Number(pod.limit), days: Number(pod.window_days) })];
    // A slot full meanwhile, none chosen, bulk goods paid at the door (issue 35 item 5): next to that choice.
    const refusal = choiceRefusal(body, t);
    if (refusal) {
      errors.formErrors = [];
      errors.fieldErrors = { ...errors.fieldErrors, [refusal.field]: [refusal.message] };
    }
    const result: Reply = {
      status: "error",
      initialValue: (echo.payload ?? null) as Reply["initialValue"],
      error: { "": errors.formErrors, ...errors.fieldErrors },
    };
    return answer(api, { intent: "place", result, shipping: echo.shipping, state: echo.state, choices: echo.choices }, r.status >= 500 ? 502 : r.status === 409 ? 409 : 400);
  }
  const order = r.data;
  if (items?.cartId) forgetCart(api);
  if (guest && order.guest_token) rememberGuestOrder(api, order.id, order.guest_token);
  if (method === "PayOnDelivery") return redirectWithFlash(api, successPath(order.id, guest), null);
  if (method === "USSD") return redirect(ussdChoicePath(order.id, guest), { status: 303, headers: await api.headers() });
  if (method === "BankTransfer") {
    const started = await startOfflinePayment(api, order.id, { channel: "bank_transfer" }, guest ? order.guest_token : null);
    if (!started.ok) return redirectWithFlash(api, successPath(order.id, guest), { kind: "error", message: started.message });
    return redirect(offlinePath(started.payment.reference, order.id, guest), { status: 303, headers: await api.headers() });
  }
  const pay = await startCardPayment(api, order.id, guest ? order.guest_token : null);
  // The order stands even when Paystack cannot be reached: the success page offers Try again.
  if (!pay.ok) return redirectWithFlash(api, successPath(order.id, guest), { kind: "error", message: pay.message });
  return redirect(pay.url, { status: 303, headers: await api.headers() });
}

type CheckoutT = Awaited<ReturnType<typeof requestT>>;

async function addressIntent(api: Api, userId: number, intent: string, form: FormData, buy: number | null, option: number | null, qty: number, t: CheckoutT) {
  const back = checkoutHref(buy, {}, option, qty);
  if (intent === "use-address") {
    const id = positiveId(form.get("id"));
    if (!id) return redirectWithFlash(api, back, { kind: "error", message: t("flash.chooseAddress") });
    chooseAddress(api, id);
    return redirectWithFlash(api, back, null);
  }
  const submission = parseWithZod(form, { schema: AddressFormSchema });
  if (submission.status !== "success") return answer(api, { intent, result: submission.reply() });
  const fields = Object.keys(AddressFormSchema.shape);
  if (intent === "add-address") {
    const r = await api.post<ApiAddress>("/users/adresses/", toAddressBody(submission.value, userId));
    if (!r.ok && Array.isArray(r.data)) return redirectWithFlash(api, back, { kind: "error", message: String(r.data[0]) });
    if (!r.ok) return answer(api, { intent, result: submission.reply(apiErrorsToReply(r.status, r.data, fields, t("error.addressNotSaved"))) }, r.status === 400 ? 400 : 502);
    chooseAddress(api, r.data.id);
    return redirectWithFlash(api, back, { kind: "success", message: t("flash.addressAdded") });
  }
  const id = positiveId(form.get("id"));
  if (!id) return redirectWithFlash(api, back, { kind: "error", message: t("flash.chooseAddress") });
  const r = await api.put(`/users/adresses/${id}/`, toAddressBody(submission.value, userId));
  if (r.status === 404) return redirectWithFlash(api, back, { kind: "error", message: t("flash.addressGone") });
  if (!r.ok) return answer(api, { intent, result: submission.reply(apiErrorsToReply(r.status, r.data, fields, t("error.addressNotSaved"))) }, r.status === 400 ? 400 : 502);
  return redirectWithFlash(api, `${back}${back.includes("?") ? "&" : "?"}change=1`, { kind: "success", message: t("flash.addressUpdated") });
}

export default function CheckoutRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useTranslation("checkout");
  if (d.lines.length === 0) {
    return (
      <main className="container-page py-12 text-center">
        <h1 className="text-2xl font-bold">{t("empty")}</h1>
        <p className="mt-2 text-gray-600">{t("emptyText")}</p>
        <Link to="/all" className={`${primaryButton} mt-6`}>
          {t("shopNow")}
        </Link>
      </main>
    );
  }
  const placeResult = actionData?.intent === "place" || actionData?.intent === "quote" ? actionData : undefined;
  const shipping = placeResult && placeResult.shipping !== undefined ? placeResult.shipping : d.shipping;
  const state = placeResult && placeResult.state !== undefined ? placeResult.state : d.state;
  return (
    <main className="container-page py-4">
      <p className="mb-3 rounded-md bg-brand-50 px-3 py-2 text-center text-sm font-semibold text-brand-700 sm:hidden">{t("confirmBanner")}</p>
      <h1 className="text-xl font-bold sm:text-2xl">{t("heading")}</h1>
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          {d.mode === "member" ? (
            <MemberCheckout d={d} actionData={actionData} />
          ) : (
            <GuestCheckout idempotencyKey={d.idempotencyKey} defaultMethod={d.defaultMethod} lastResult={placeResult?.result}>
              <PayAtDoorNote bulk={d.bulk} error={placeResult?.result.error?.order_payment_method} />
            </GuestCheckout>
          )}
          <ShipmentChoices stores={d.deliveryOptions} form="place-order" chosen={placeResult?.choices} errors={placeResult?.result.error ?? {}} />
        </div>
        <CheckoutSummary lines={d.lines} subtotal={d.subtotal} shipping={shipping ?? null} state={state ?? null}>
          <PlaceOrderButton form="place-order" />
          <p className="mt-2 text-xs text-gray-600">{t("confirmedByServer")}</p>
        </CheckoutSummary>
      </div>
    </main>
  );
}

type MemberData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { mode: "member" }>;

function MemberCheckout({ d, actionData }: { d: MemberData; actionData: ActionAnswer | undefined }) {
  const { t } = useTranslation("checkout");
  const placeErrors = actionData?.intent === "place" ? Object.values(actionData.result.error ?? {}).flat().filter(Boolean) : [];
  return (
    <div className="space-y-4">
      {placeErrors.length ? <FormErrors id="place-order-errors" errors={placeErrors as string[]} /> : null}
      <DeliveryAddressBlock
        addresses={d.addresses}
        newAddress={d.newAddress}
        chosen={d.chosen}
        changing={d.changing}
        editId={d.editId}
        adding={d.adding}
        buy={d.buy}
        option={d.option}
        qty={d.qty}
        lastResult={actionData?.result}
        lastIntent={actionData?.intent ?? null}
      />
      <section aria-label={t("payment")} className="rounded-lg border border-gray-200 bg-white p-4">
        <Form method="post" id="place-order" aria-describedby="place-order-errors">
          <input type="hidden" name="idempotencyKey" value={d.idempotencyKey} />
          {d.chosen ? <input type="hidden" name="delivery_address_id" value={d.chosen.id} /> : null}
          <PaymentChoice defaultMethod={d.defaultMethod} podOff={d.podOff} />
          <PayAtDoorNote bulk={d.bulk} error={actionData?.intent === "place" ? actionData.result.error?.order_payment_method : undefined} />
        </Form>
      </section>
    </div>
  );
}

/**
 * Bulk goods are never paid at the door (issue 35 item 5): said next to the payment choice when the
 * order has some, and the refusal of a pay-on-delivery order with them.
 */
function PayAtDoorNote({ bulk, error }: { bulk: boolean; error?: readonly string[] | null }) {
  const { t } = useTranslation("checkout");
  const refused = error?.filter(Boolean) ?? [];
  if (!bulk && !refused.length) return null;
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="pay-at-door-note">
      {bulk ? <p className="text-amber-900">{t("slots.bulkNote")}</p> : null}
      {refused.length ? (
        <p id="order_payment_method-error" className="text-red-700" role="alert">
          {refused.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Checkout"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

/** The address and contact fields' labels and messages are the `forms` namespace (always loaded). */
export const handle = { i18n: ["checkout", "shop"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
