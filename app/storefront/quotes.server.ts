/**
 * The quote pages' server side (issue 35): the buyer's request (from a product or the cart), counter,
 * decline and accept; the store's offer, decline and VAT settings. Each a plain POST read with
 * readForm, checked with the domain schema (conform + zod) and sent to the API; a refusal comes back
 * next to its field, in the reader's words (`forms`), with what was typed kept.
 */
import { data, redirect } from "@remix-run/node";
import type * as z from "zod";
import { sayFormMessage } from "~/i18n/form-messages";
import { requestT } from "~/i18n/i18next.server";
import type { ApiQuoteAccepted, ApiQuoteCreated } from "./api-types";
import type { Api } from "./api.server";
import { apiErrorsToReply, type ReplyErrors } from "./form-reply";
import {
  parseWithZod,
  QuoteBuyerDeclineSchema,
  QuoteCounterSchema,
  QuoteDeclineSchema,
  QuoteOfferSchema,
  QuoteRequestSchema,
  StoreTaxSchema,
} from "./forms.server";
import { redirectWithFlash } from "./responses.server";
import { lagosToday } from "~/domain/quote-rules";
import { LGAS_BY_STATE } from "~/domain/lgas";
import { NIGERIAN_STATES } from "~/domain/states";
import type { ApiProduct } from "./api-types";
import { loadCart } from "./cart.server";

const notFound = () => new Response("Not Found", { status: 404 });

type Reply = {
  status?: string;
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown> | null;
};

/** Every message of a reply in the reader's words (`forms`: the domain's and the API's English). */
async function say<R extends Reply>(request: Request, reply: R): Promise<R> {
  if (!reply.error) return reply;
  const t = await requestT(request, "forms");
  return {
    ...reply,
    error: Object.fromEntries(
      Object.entries(reply.error).map(([f, ms]) => [
        f,
        ms?.map((m) => sayFormMessage(t, m)) ?? null,
      ])
    ),
  };
}

/** An API refusal as field errors: `fields` are the form's own; the rest (detail…) the form's. */
function apiFields(
  r: { status: number; data: unknown },
  fields: readonly string[],
  fallback: string
): ReplyErrors {
  const body =
    r.data && typeof r.data === "object" && !Array.isArray(r.data)
      ? (r.data as Record<string, unknown>)
      : r.data;
  const keys =
    body && typeof body === "object" && !Array.isArray(body)
      ? Object.keys(body).filter(
          (k) => fields.includes(k) || /^lines\[\d+\]\./.test(k)
        )
      : [];
  return apiErrorsToReply(r.status, body, [...fields, ...keys], fallback);
}

/**
 * One step on a quote (a counter, an offer, a decline): the form checked with `schema`, sent to
 * `path` (as `toBody` makes it), a refusal next to its fields (`errors`) with what was typed kept,
 * else back to the quote with `done`.
 */
async function quoteStep<S extends z.ZodType>(
  api: Api,
  request: Request,
  form: FormData,
  step: {
    intent: string;
    schema: S;
    path: string;
    back: string;
    done: string;
    errors: (r: { status: number; data: unknown }) => ReplyErrors;
    toBody?: (v: z.output<S>) => unknown;
  }
) {
  const submission = parseWithZod(form, { schema: step.schema });
  if (submission.status !== "success")
    return data({ intent: step.intent, reply: await say(request, submission.reply()) }, { status: 400 });
  const value = submission.value as z.output<S>;
  const r = await api.post(step.path, step.toBody ? step.toBody(value) : value);
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data(
      { intent: step.intent, reply: await say(request, submission.reply(step.errors(r))) },
      { status: r.status >= 500 ? 502 : 400 }
    );
  return redirectWithFlash(api, step.back, { kind: "success", message: step.done });
}

const REQUEST_FIELDS = [
  "receiver_first_name",
  "receiver_last_name",
  "receiver_phone_one",
  "company_name",
  "street_address",
  "city",
  "state",
  "lga",
  "wanted_date",
  "note",
  "lines",
];

/** The buyer asks for a bulk price: one quote per store; to the first quote's thread (or the list, for several). */
export async function submitQuoteRequest(
  api: Api,
  request: Request,
  form: FormData
) {
  const submission = parseWithZod(form, { schema: QuoteRequestSchema });
  if (submission.status !== "success")
    return data(
      { reply: await say(request, submission.reply()) },
      { status: 400 }
    );
  const r = await api.post<ApiQuoteCreated>("/quotes/", submission.value);
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok)
    return data(
      {
        reply: await say(
          request,
          submission.reply(
            apiFields(r, REQUEST_FIELDS, "The request could not be sent.")
          )
        ),
      },
      { status: r.status >= 500 ? 502 : 400 }
    );
  const t = await requestT(request, "quotes");
  const n = r.data.results.length;
  const to =
    n === 1 ? `/users/quotes/${r.data.results[0].id}` : "/users/quotes";
  return redirectWithFlash(api, to, {
    kind: "success",
    message: t("ask.sent", { count: n }),
  });
}

/** The buyer's steps on one quote: accept, counter, decline (`intent`). */
export async function submitBuyerStep(
  api: Api,
  request: Request,
  quoteId: number,
  form: FormData
) {
  const intent = form.get("intent");
  const back = `/users/quotes/${quoteId}`;
  const t = await requestT(request, "quotes");
  if (intent === "accept") {
    const r = await api.post<ApiQuoteAccepted>(
      `/quotes/${quoteId}/accept/`,
      {}
    );
    if (r.status === 401) throw await api.signedOut();
    if (r.status === 404) throw notFound();
    // An expired offer: the page says so clearly (410).
    if (r.status === 410)
      return redirect(`${back}?expired=1`, {
        status: 303,
        headers: await api.headers(),
      });
    if (!r.ok)
      return data(
        {
          intent: "accept",
          reply: await say(request, {
            status: "error",
            error: { "": apiErrorsToReply(r.status, r.data, []).formErrors },
          }),
        },
        { status: r.status >= 500 ? 502 : 409 }
      );
    return redirectWithFlash(api, back, {
      kind: "success",
      message: t("buyer.accepted"),
    });
  }
  if (intent === "counter")
    return quoteStep(api, request, form, {
      intent: "counter",
      schema: QuoteCounterSchema,
      path: `/quotes/${quoteId}/counter/`,
      back,
      done: t("buyer.countered"),
      errors: (r) => apiErrorsToReply(r.status, r.data, ["note"]),
    });
  if (intent === "decline")
    return quoteStep(api, request, form, {
      intent: "decline",
      schema: QuoteBuyerDeclineSchema,
      path: `/quotes/${quoteId}/decline/`,
      back,
      done: t("buyer.declined"),
      errors: (r) => apiErrorsToReply(r.status, r.data, ["reason"]),
    });
  return null;
}

/** The store's steps on one quote: offer, decline (`intent`). */
export async function submitStoreStep(
  api: Api,
  request: Request,
  storeId: number,
  quoteId: number,
  back: string,
  form: FormData
) {
  const intent = form.get("intent");
  const t = await requestT(request, "quotes");
  if (intent === "offer")
    return quoteStep(api, request, form, {
      intent: "offer",
      schema: QuoteOfferSchema,
      path: `/stores/${storeId}/quotes/${quoteId}/offer/`,
      back,
      done: t("store.offered"),
      errors: (r) => apiFields(r, ["delivery", "delivery_date", "valid_hours", "note", "lines"], "The offer could not be sent."),
      // The form's schema gives kobo; the API takes naira.
      toBody: (v) => ({
        ...v,
        delivery: v.delivery / 100,
        lines: v.lines.map((l) => ({ quote_line_id: l.quote_line_id, unit_price: l.unit_price / 100, reason: l.reason })),
      }),
    });
  if (intent === "decline")
    return quoteStep(api, request, form, {
      intent: "decline",
      schema: QuoteDeclineSchema,
      path: `/stores/${storeId}/quotes/${quoteId}/decline/`,
      back,
      done: t("store.declined"),
      errors: (r) => apiErrorsToReply(r.status, r.data, ["reason"]),
    });
  return null;
}

/** The owner's VAT registration (shown on the store's invoices). */
export async function submitStoreTax(
  api: Api,
  request: Request,
  storeId: number,
  back: string,
  form: FormData
) {
  const submission = parseWithZod(form, { schema: StoreTaxSchema });
  if (submission.status !== "success")
    return data(
      { intent: "tax", reply: await say(request, submission.reply()) },
      { status: 400 }
    );
  const r = await api.send("PUT", `/stores/${storeId}/tax/`, {
    json: submission.value,
  });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data(
      {
        intent: "tax",
        reply: await say(
          request,
          submission.reply(
            apiErrorsToReply(r.status, r.data, ["vat_registered", "tin"])
          )
        ),
      },
      { status: r.status >= 500 ? 502 : 400 }
    );
  const t = await requestT(request, "quotes");
  return redirectWithFlash(api, back, {
    kind: "success",
    message: t("store.vat_saved"),
  });
}

interface AskLine {
  product_id: number;
  option_id: number | null;
  name: string;
  unit: string;
  quantity: number;
  store: string;
}

const intOf = (v: string | null) =>
  v && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2_147_483_647
    ? Number(v)
    : null;

/**
 * The request page's data (/users/quotes/new): ?product={id}&option={id}&qty={n}, or ?cart=1 for
 * every line of the cart; the states, and Lagos's LGAs as a hint (server-side: not in the page's code).
 */
export async function askPage(
  api: Api,
  request: Request,
  user: { firstName?: string | null; lastName?: string | null }
) {
  const url = new URL(request.url);
  const t = await requestT(request, "quotes");
  let lines: AskLine[] = [];
  const productId = intOf(url.searchParams.get("product"));
  if (productId) {
    const r = await api.get<
      ApiProduct & {
        options?: { id: number; label?: string; value?: string }[];
      }
    >(`/products/${productId}/`);
    if (!r.ok) throw new Response("Not Found", { status: 404 });
    const p = r.data;
    const optionId = intOf(url.searchParams.get("option"));
    const option = optionId
      ? (p.options ?? []).find((o) => o.id === optionId)
      : undefined;
    const qty = Number(url.searchParams.get("qty"));
    lines = [
      {
        product_id: p.id,
        option_id: option?.id ?? null,
        name: option
          ? `${p.name} (${option.label ?? option.value ?? ""})`
          : p.name,
        unit: p.unit ?? "piece",
        quantity:
          Number.isFinite(qty) && qty > 0
            ? qty
            : Math.max(Number(p.min_quantity ?? 1), 1),
        store: p.store_name ?? "",
      },
    ];
  } else if (url.searchParams.get("cart")) {
    const cart = await loadCart(api, request);
    lines = (cart?.cart_items ?? []).map((i) => ({
      product_id: i.prod_id,
      option_id: i.option_id ?? null,
      name: i.option_label ? `${i.name} (${i.option_label})` : i.name,
      unit: i.unit ?? "piece",
      quantity: i.quantity,
      store: i.store_name ?? "",
    }));
  }
  const stores = new Set(lines.map((l) => l.store));
  return {
    lines,
    stores: stores.size,
    today: lagosToday(),
    states: [...NIGERIAN_STATES],
    /** The LGAs of Lagos, a hint under the LGA field (any state's official names are accepted). */
    lgas: LGAS_BY_STATE.Lagos as readonly string[],
    user: { first: user.firstName ?? "", last: user.lastName ?? "" },
    title: t("ask.title"),
  };
}
