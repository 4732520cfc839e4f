/**
 * /cart — the shopper's cart (spec sections 2, 4, 5). Every control is a plain POST that works
 * without JavaScript (303 back with a flash message); with JavaScript the same forms go through
 * fetchers and the page revalidates in place.
 * Intents: add, buy, increment, decrement, set, remove (see components/cart-forms.tsx for add/buy).
 * Lines are grouped under their store's name: each store ships its own lines as one shipment, with
 * its own delivery fee to the shopper's state (the one picked, else the default address's, else
 * Lagos, shown with the picker: storefront/delivery.server.ts; intent=delivery-state). Every figure
 * is the API's quote of the cart for that state, by the one money rule (app/domain/pricing.ts):
 * each store's promise line ("Delivery to Kano: ₦3,500, arrives Tue 1 Dec – Thu 3 Dec") and its
 * total, the summary's delivery and total, the Checkout button: one figure, the one checkout charges
 * for an address in that state. Without a quote the summary says "Delivery: choose your state".
 */
import { useTranslation } from "~/i18n/react";
import { useRef } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { primaryButton } from "~/components/ui/button";
import { FetcherFlag, type FetcherResult } from "~/components/ui/fetcher-flag";
import { Spinner } from "~/components/ui/spinner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { CloseIcon } from "~/components/ui/icons";
import { DEFAULT_ADD_QUANTITY, MAX_LINE_QUANTITY, decrementQuantity, incrementQuantity, typedQuantity } from "~/domain/cart";
import { formatNaira } from "~/domain/money";
import { lineTotalNaira, unitPriceKobo } from "~/domain/pricing";
import { QUANTITY_DECIMALS_MESSAGE, QUANTITY_WHOLE_MESSAGE, formatQuantity, isDivisible } from "~/domain/units";
import { checkoutHref } from "~/components/checkout/format";
import { shippingRuleAmounts } from "~/domain/shipping";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";
import { apiFor, type Api } from "~/storefront/api.server";
import { addToCart, forgetCart, loadCart, quantityMessage, typedQtyParam, type Cart, type CartItem } from "~/storefront/cart.server";
import { deliveryStateFor, setDeliveryState } from "~/storefront/delivery.server";
import { apiMessage } from "~/storefront/form-reply";
import { readForm, unknownIntent } from "~/storefront/responses.server";
import { formAnswerer, positiveId } from "~/storefront/form-answer.server";
import { cartCookie, getGuestCartId, safeRedirect } from "~/storefront/session.server";
import { stateName } from "~/domain/state-name";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const [cart, delivery] = await Promise.all([loadCart(api, request), deliveryStateFor(api, request)]);
  // The cart quoted for the shopper's state: every figure of the page (fees, dates, totals per shipment and in all).
  const quoted = cart && cart.cart_items.length ? await api.get<Cart>(`/carts/${cart.id}/?state=${encodeURIComponent(delivery.state)}`) : null;
  const headers = await api.headers();
  // A guest cart that is gone (e.g. after checkout): drop its stale cookie.
  if (!cart && !api.user && (await getGuestCartId(request))) headers.append("Set-Cookie", await cartCookie().serialize("", { maxAge: 0 }));
  const t = await requestT(request, "shop");
  const shown = quoted?.ok ? quoted.data : cart;
  // Issue 34: a quantity the cart refused without JavaScript comes back as ?line=&qty= (nothing
  // typed is lost) with its message next to that line's field, in the reader's language.
  const url = new URL(request.url);
  const refusedLine = shown?.cart_items.find((i) => String(i.id) === url.searchParams.get("line"));
  const typedRaw = (url.searchParams.get("qty") ?? "").slice(0, 12);
  const typedQty = typedQtyParam(typedRaw);
  const typedLine = refusedLine
    ? {
        id: refusedLine.id,
        value: typedRaw,
        message:
          typedQty === null
            ? await requestFormMessage(request, isDivisible(refusedLine.unit) ? QUANTITY_DECIMALS_MESSAGE : QUANTITY_WHOLE_MESSAGE)
            : await quantityMessage(request, typedQty, refusedLine),
      }
    : null;
  // The shipping rule's amounts for the summary's note, here so its table stays on the server.
  return data({ cart: shown, quotedFor: quoted?.ok ? delivery.state : null, delivery, title: t("cart.title"), shippingRule: shippingRuleAmounts(), typedLine }, { headers });
}

/**
 * The delivery promise's state picker and each shipment's promise line come on demand
 * (components/ui/island.tsx): the picker is a plain POST and the lines are text until the
 * shopper's first interaction; their code (the sentence's tags, the dates) is not in the first view.
 */
const DeliveryPromise = island(() => import("~/components/product/delivery-promise").then((m) => ({ default: m.DeliveryPromise })));
const PromiseLine = island(() => import("~/components/product/delivery-promise").then((m) => ({ default: m.PromiseLine })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(DeliveryPromise, PromiseLine);

const INTENTS = ["add", "buy", "increment", "decrement", "set", "remove", "delivery-state"] as const;
type Intent = (typeof INTENTS)[number];


/** `path` (a same-site path, maybe with a query) with `params` set in its query (null: removed). */
function withQuery(path: string, params: Record<string, string | null>): string {
  const u = new URL(path, "http://x");
  for (const [k, v] of Object.entries(params)) if (v === null) u.searchParams.delete(k); else u.searchParams.set(k, v);
  return u.pathname + u.search;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await apiFor(request, context);
  const intent = String(form.get("intent") ?? "") as Intent;
  const viaFetcher = form.get("_fetcher") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/cart");
  const cookies: string[] = [];

  const answer = formAnswerer(api, { viaFetcher, back, cookies });
  const t = await requestT(request, "shop");

  if (!INTENTS.includes(intent)) throw unknownIntent();
  // The delivery promise's state picker: remembered in a cookie, back to the cart.
  if (intent === "delivery-state") return setDeliveryState(form, "/cart");

  // option_id: one of the product's options, chosen with the product page's radio buttons.
  const optionId = form.has("option_id") ? positiveId(form.get("option_id")) : null;
  // A product page's option form sends options=1: its price is the chosen option's, so one must be chosen.
  if ((form.has("option_id") || form.get("options") === "1") && !optionId) return answer({ ok: false, message: t("cart.chooseOption") });

  if (intent === "buy") {
    const productId = positiveId(form.get("productId"));
    if (!productId) return answer({ ok: false, message: t("cart.chooseProduct") });
    // Buy Now goes straight to checkout, with the chosen option and the typed quantity (never
    // through the cart); checkout checks the stock when the order is placed.
    const qty = typedQuantity(form.get("quantity"));
    return redirect(checkoutHref(productId, {}, optionId, qty), { status: 303 });
  }

  if (intent === "add") {
    const productId = positiveId(form.get("productId"));
    if (!productId) return answer({ ok: false, message: t("cart.chooseProduct") });
    const qty = form.has("quantity") ? typedQuantity(form.get("quantity")) : DEFAULT_ADD_QUANTITY;
    const r = await addToCart(api, request, productId, qty, optionId);
    if (r.setCookie) cookies.push(r.setCookie);
    if (r.ok) return answer({ ok: true, message: t("cart.added") }, withQuery(back, { qty: null }));
    // Refused (under the minimum, off the step, more than the stock): the message in the reader's
    // language, and without JavaScript back to the page with what was typed (?qty=), so nothing is lost.
    const message = await requestFormMessage(request, r.message);
    return answer({ ok: false, message }, form.has("quantity") ? withQuery(back, { qty: String(qty), ...(optionId ? { option: String(optionId) } : {}) }) : back);
  }

  return changeLine(api, request, intent, form, answer, t);
}

async function changeLine(
  api: Api,
  request: Request,
  intent: "increment" | "decrement" | "set" | "remove",
  form: FormData,
  answer: (r: FetcherResult, to?: string) => Promise<Response | ReturnType<typeof data>>,
  t: Awaited<ReturnType<typeof requestT>>,
) {
  const cart = await loadCart(api, request);
  const itemId = positiveId(form.get("itemId"));
  const item = cart?.cart_items.find((i) => i.id === itemId);
  if (!cart || !item) return answer({ ok: false, message: t("cart.itemGone") }, "/cart");
  if (intent === "remove") {
    const r = await api.delete(`/carts/${cart.id}/items/${item.id}/`);
    forgetCart(api);
    return answer(r.ok ? { ok: true, message: t("cart.removed", { name: item.name }) } : { ok: false, message: t("cart.removeFailed") }, "/cart");
  }
  const quantity =
    intent === "increment"
      ? incrementQuantity(item.quantity, item.quantity_step)
      : intent === "decrement"
        ? decrementQuantity(item.quantity, item.quantity_step, item.min_quantity)
        : typedQuantity(form.get("quantity"));
  if (quantity === item.quantity) return answer({ ok: true }, "/cart");
  const r = await api.patch(`/carts/${cart.id}/items/${item.id}/`, { quantity });
  forgetCart(api);
  if (r.ok) return answer({ ok: true }, "/cart");
  // Refused: without JavaScript the page comes back with what was typed and the reason by the field.
  const typed = intent === "set" ? String(form.get("quantity") ?? "").trim().slice(0, 12) : null;
  const to = typed ? withQuery("/cart", { line: String(item.id), qty: typed }) : "/cart";
  return answer({ ok: false, message: await requestFormMessage(request, apiMessage(r.data, t("cart.quantityFailed"))) }, to);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Cart"} | BuildMart NG` }];

export const handle = { i18n: ["shop"] };

export default function CartRoute() {
  const { cart, quotedFor, delivery, shippingRule } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shop");
  const items = cart?.cart_items ?? [];
  if (!cart || items.length === 0) return <EmptyCart />;
  return (
    <main className="container-page py-4">
      <h1 className="text-xl font-bold sm:text-2xl">
        {t("cart.title")} <span className="text-base font-medium text-gray-600">({t("cart.itemCount", { count: cart.total_quantity })})</span>
      </h1>
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-5">
          <DeliveryPromise data={{ ...delivery, quote: null }} summary={false} />
          {storeGroups(cart).map((g) => (
            <StoreGroup key={g.key} group={g} quotedFor={quotedFor} />
          ))}
        </div>
        <OrderSummary cart={cart} quotedFor={quotedFor} shippingRule={shippingRule} />
      </div>
    </main>
  );
}

interface Group {
  key: string;
  shipment: Cart["shipments"][number] | null;
  items: CartItem[];
}

/** The cart's lines under their store's shipment, in the cart's order (lines in no shipment last). */
function storeGroups(cart: Cart): Group[] {
  const byId = new Map(cart.cart_items.map((i) => [i.id, i]));
  const groups: Group[] = (cart.shipments ?? []).map((s) => ({
    key: `store-${s.store ?? "none"}`,
    shipment: s,
    items: s.items.map((id) => byId.get(id)).filter((i): i is CartItem => !!i),
  }));
  const grouped = new Set(groups.flatMap((g) => g.items.map((i) => i.id)));
  const rest = cart.cart_items.filter((i) => !grouped.has(i.id));
  if (rest.length) groups.push({ key: "store-rest", shipment: null, items: rest });
  return groups.filter((g) => g.items.length > 0);
}

function StoreGroup({ group, quotedFor }: { group: Group; quotedFor: string | null }) {
  const s = group.shipment;
  const { t } = useTranslation("shop");
  const headingId = `${group.key}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid="cart-store">
      {s ? (
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b border-gray-200 pb-1">
          <h2 id={headingId} className="text-base font-semibold" data-testid="cart-store-name">
            {s.store_name}
          </h2>
          {s.store_state ? (
            <p className="text-sm text-gray-600" data-testid="cart-store-shipping">
              {t("cart.shipsFrom", { state: stateLabel(s.store_state) })}
            </p>
          ) : null}
          {quotedFor && s.earliest_delivery && s.latest_delivery ? (
            <p className="w-full text-sm text-gray-800" data-testid="cart-store-promise">
              <PromiseLine state={quotedFor} fee={s.shipping_cost} earliest={s.earliest_delivery} latest={s.latest_delivery} />
            </p>
          ) : null}
          {s.total !== null && s.total !== undefined ? (
            <p className="w-full text-sm font-semibold" data-testid="cart-store-total">
              {t("cart.storeTotal", { total: formatNaira(s.total) })}
            </p>
          ) : null}
        </div>
      ) : (
        <h2 id={headingId} className="sr-only">
          {t("cart.otherItems")}
        </h2>
      )}
      <ul className="space-y-3" aria-label={s ? t("cart.itemsFrom", { store: s.store_name }) : t("cart.otherItems")}>
        {group.items.map((item) => (
          <CartLine key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

/** "FCT" reads better than the full name in a short line. */
const stateLabel = stateName;

function EmptyCart() {
  const { t } = useTranslation("shop");
  return (
    <main className="container-page py-12 text-center">
      <h1 className="text-2xl font-bold">{t("cart.empty")}</h1>
      <p className="mt-2 text-gray-600">{t("cart.emptyText")}</p>
      <Link to="/all" className={`${primaryButton} mt-6`}>
        {t("cart.shopNow")}
      </Link>
    </main>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const fetcher = useFetcher<FetcherResult>({ key: `cart-line-${item.id}` });
  // A quantity refused without JavaScript: what was typed, and why, by this line's field.
  const refused = useLoaderData<typeof loader>().typedLine;
  const typed = refused && refused.id === item.id && fetcher.state === "idle" ? refused : null;
  const { t } = useTranslation("shop");
  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? fetcher.formData?.get("intent") : null;
  // Optimistic quantity while a change is on its way.
  const quantity =
    pendingIntent === "increment"
      ? incrementQuantity(item.quantity, item.quantity_step)
      : pendingIntent === "decrement"
        ? decrementQuantity(item.quantity, item.quantity_step, item.min_quantity)
        : pendingIntent === "set"
          ? typedQuantity(fetcher.formData?.get("quantity"))
          : item.quantity;
  // While a change is on its way, the line at the ladder's rung for the new quantity (the one rule's figure, app/domain/pricing.ts).
  const optimisticUnit = unitPriceKobo(Math.round(item.single_price * 100), null, { tiers: item.price_tiers.map((r) => ({ min_quantity: r.min_quantity, price_kobo: Math.round(r.price * 100) })), quantity }) / 100;
  const removing = pendingIntent === "remove";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  // With JavaScript: a typed quantity the cart refused stays in the field, its message below the line.
  const lastSent = useRef<{ intent: string; quantity: string } | null>(null);
  if (fetcher.formData) lastSent.current = { intent: String(fetcher.formData.get("intent") ?? ""), quantity: String(fetcher.formData.get("quantity") ?? "") };
  const keptValue = typed?.value ?? (failed && lastSent.current?.intent === "set" ? lastSent.current.quantity : null);
  const inputId = `qty-${item.id}`;
  const hidden = (
    <>
      <input type="hidden" name="itemId" value={item.id} />
      <FetcherFlag />
    </>
  );
  return (
    <li className={`flex gap-3 rounded-lg border border-gray-200 bg-white p-3 ${removing ? "opacity-50" : ""}`} data-testid="cart-line">
      <Link to={`/products/${item.prod_id}`} className="shrink-0">
        <img src={`${item.image}?w=160`} alt={item.name} width={80} height={80} className="h-20 w-20 rounded object-cover sm:h-24 sm:w-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link to={`/products/${item.prod_id}`} className="line-clamp-2 text-sm font-medium hover:underline sm:text-base">
            {item.name}
          </Link>
          <fetcher.Form method="post" action="/cart" preventScrollReset>
            {hidden}
            <button
              type="submit"
              name="intent"
              value="remove"
              className="rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-red-700"
              aria-label={t("cart.remove", { name: item.name })}
              disabled={busy}
            >
              <CloseIcon width={20} height={20} />
            </button>
          </fetcher.Form>
        </div>
        {item.option_label ? (
          <p className="text-sm text-gray-700" data-testid="cart-line-option">
            {item.option_label}
          </p>
        ) : null}
        <p className="text-sm text-gray-700">
          <span className="sr-only">{t("cart.price")} </span>
          {formatNaira(item.price)} <span data-testid="cart-line-unit">{t(`units.per_${item.unit}`, { ns: "common" })}</span>
          {item.price < item.single_price ? (
            <span className="ml-2 text-green-800" data-testid="cart-line-ladder">
              ({t("cart.ladderPrice")}; <s>{formatNaira(item.single_price)}</s>)
            </span>
          ) : null}
          {!item.available ? <span className="ml-2 text-red-700">{t("cart.unavailable")}</span> : null}
        </p>
        {item.pack_description ? <p className="-mt-1 text-xs text-gray-600">{item.pack_description}</p> : null}
        {item.next_tier && quantity === item.quantity ? (
          <p className="-mt-1 text-sm text-amber-800" data-testid="cart-next-tier">
            {t("cart.nextTier", { more: formatQuantity(item.next_tier.more), price: formatNaira(item.next_tier.price) })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-1">
            <fetcher.Form method="post" action="/cart" preventScrollReset>
              {hidden}
              <button
                type="submit"
                name="intent"
                value="decrement"
                className="btn-outline h-9 w-9 px-0"
                aria-label={t("cart.decrease", { name: item.name })}
                disabled={quantity <= Math.max(1, item.min_quantity) || busy}
              >
                −
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action="/cart" preventScrollReset className="flex items-center gap-1">
              {hidden}
              <label htmlFor={inputId} className="sr-only">
                {t("cart.quantityOf", { name: item.name })}
              </label>
              <input
                key={keptValue !== null ? `typed-${keptValue}` : quantity}
                id={inputId}
                name="quantity"
                type="text"
                inputMode={isDivisible(item.unit) ? "decimal" : "numeric"}
                autoComplete="off"
                defaultValue={keptValue ?? quantity}
                aria-invalid={typed?.message ? true : undefined}
                aria-describedby={typed?.message ? `${inputId}-error` : undefined}
                className="h-9 w-14 rounded-md border border-gray-300 text-center text-base"
                data-testid="quantity"
              />
              <button type="submit" name="intent" value="set" className="btn-outline h-9 px-2 text-xs" disabled={busy}>
                {t("cart.update")}
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action="/cart" preventScrollReset>
              {hidden}
              <button
                type="submit"
                name="intent"
                value="increment"
                className="btn-outline h-9 w-9 px-0"
                aria-label={t("cart.increase", { name: item.name })}
                disabled={busy || quantity >= MAX_LINE_QUANTITY}
              >
                +
              </button>
            </fetcher.Form>
            {busy ? <Spinner className="ml-1 h-4 w-4 text-brand-600" /> : null}
          </div>
          {typed?.message ? (
            <p id={`${inputId}-error`} role="alert" className="field-error w-full" data-testid="cart-quantity-error">
              {typed.message}
            </p>
          ) : null}
          <p className="text-sm font-semibold" data-testid="line-total">
            <span className="sr-only">{t("cart.lineTotal")} </span>
            {formatNaira(quantity === item.quantity ? item.line_total : lineTotalNaira(optimisticUnit, quantity))}
          </p>
        </div>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {failed}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Items, delivery to the quoted state and the total, as the API's quote says (the sum of the
 * shipments); with no quote, no delivery figure and no total but the items' "+ delivery".
 */
function OrderSummary({ cart, quotedFor, shippingRule }: { cart: Cart; quotedFor: string | null; shippingRule: ReturnType<typeof shippingRuleAmounts> }) {
  const stores = cart.shipments?.length ?? 0;
  const { t } = useTranslation("shop");
  const total = formatNaira(cart.total);
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-lg border border-gray-200 bg-white p-4 lg:sticky lg:top-20">
      <h2 id="summary-heading" className="text-lg font-bold">
        {t("cart.summary")}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{t("cart.items")}</dt>
          <dd data-testid="summary-count">{cart.total_quantity}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("cart.subtotal")}</dt>
          <dd data-testid="summary-subtotal">{formatNaira(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>{quotedFor ? t("cart.deliveryTo", { count: stores, state: stateLabel(quotedFor) }) : t("cart.shipping")}</dt>
          <dd data-testid="summary-shipping">{!quotedFor ? t("cart.chooseState") : cart.shipping_cost === 0 ? t("cart.free") : formatNaira(cart.shipping_cost)}</dd>
        </div>
        <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
          <dt>{t("cart.total")}</dt>
          <dd data-testid="summary-total">{quotedFor ? total : t("cart.plusDelivery", { total: formatNaira(cart.subtotal) })}</dd>
        </div>
      </dl>
      {cart.subtotal > 0 ? (
        <Link to="/checkout/payment" className={`${primaryButton} mt-4 w-full`}>
          {quotedFor ? t("cart.checkoutTotal", { total }) : t("cart.checkout")}
        </Link>
      ) : (
        <button type="button" className={`${primaryButton} mt-4 w-full`} disabled>
          {t("cart.checkout")}
        </button>
      )}
      <p className="mt-2 text-xs text-gray-600">
        {t("cart.shippingNote")} {t("cart.shippingRule", shippingRule)}
      </p>
      {cart.subtotal > 0 ? (
        /* Bulk quotes (issue 35): every line of the cart, one request per store. */
        <a href="/users/quotes/new?cart=1" className="btn-outline mt-3 w-full" data-testid="cart-get-quotes">
          {t("cart.getQuotes")}
        </a>
      ) : null}
    </aside>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
