/**
 * /users/quotes/new?product={id}&option={id}&qty={n} or ?cart=1 — ask for a bulk price (issue 35
 * item 1): the lines (a product from its page, or every line of the cart) with their quantities, the
 * contact and company for the invoice, the site (state, LGA, address), the wanted delivery date and a
 * note. One plain form; the API sends one request to each store of the lines. Works without
 * JavaScript: a refusal comes back next to its field with everything typed kept.
 */
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  FieldError,
  fieldError,
  typed,
  type QuoteReply,
} from "~/components/quotes/quote-bits";
import { primaryButton } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/storefront/auth.server";
import { askPage, submitQuoteRequest } from "~/storefront/quotes.server";
import { readForm } from "~/storefront/responses.server";

export const handle = { i18n: ["quotes"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  return data(await askPage(api, request, user), {
    headers: await api.headers(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  return submitQuoteRequest(api, request, await readForm(request));
}

export default function AskQuoteRoute() {
  const { lines, stores, today, states, lgas, user, title } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const reply = (result as { reply?: QuoteReply } | undefined)?.reply;
  const { t } = useTranslation("quotes");
  const state = typed(reply, "state") ?? "Lagos";
  const field = (
    name: string,
    label: string,
    opts: {
      def?: string;
      type?: string;
      hint?: string;
      list?: string;
      auto?: string;
    } = {}
  ) => (
    <div>
      <label htmlFor={`ask-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`ask-${name}`}
        name={name}
        type={opts.type ?? "text"}
        min={opts.type === "date" ? today : undefined}
        list={opts.list}
        autoComplete={opts.auto}
        defaultValue={typed(reply, name) ?? opts.def ?? ""}
        className="field-input"
        aria-describedby={`ask-${name}-e`}
        aria-invalid={fieldError(reply, name) ? true : undefined}
      />
      {opts.hint ? (
        <p className="mt-1 text-xs text-gray-600">{opts.hint}</p>
      ) : null}
      <FieldError id={`ask-${name}-e`} message={fieldError(reply, name)} />
    </div>
  );
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm text-gray-700">{t("ask.intro")}</p>
      {lines.length ? (
        <form
          method="post"
          className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 text-sm"
          data-testid="ask-form"
        >
          <fieldset className="space-y-2">
            <legend className="text-base font-semibold">
              {t("ask.lines")}
            </legend>
            {stores > 1 ? (
              <p className="text-gray-700">
                {t("ask.stores", { count: stores })}
              </p>
            ) : null}
            {lines.map((l, i) => (
              <div
                key={`${l.product_id}-${l.option_id ?? 0}`}
                className="rounded border border-gray-100 p-2"
              >
                <input
                  type="hidden"
                  name={`lines[${i}].product_id`}
                  value={l.product_id}
                />
                {l.option_id ? (
                  <input
                    type="hidden"
                    name={`lines[${i}].option_id`}
                    value={l.option_id}
                  />
                ) : null}
                <label htmlFor={`ask-qty-${i}`} className="field-label">
                  {t("ask.quantity", {
                    product: l.name,
                    unit: t(`common:units.per_${l.unit}`),
                  })}
                </label>
                {l.store ? (
                  <p className="text-xs text-gray-600">{l.store}</p>
                ) : null}
                <input
                  id={`ask-qty-${i}`}
                  name={`lines[${i}].quantity`}
                  inputMode="decimal"
                  defaultValue={
                    typed(reply, `lines[${i}].quantity`) ?? String(l.quantity)
                  }
                  className="field-input max-w-[10rem]"
                  aria-describedby={`ask-qty-${i}-e`}
                />
                <FieldError
                  id={`ask-qty-${i}-e`}
                  message={
                    fieldError(reply, `lines[${i}].quantity`) ??
                    fieldError(reply, `lines[${i}].product_id`)
                  }
                />
              </div>
            ))}
            <FieldError id="ask-lines-e" message={fieldError(reply, "lines")} />
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="text-base font-semibold">
              {t("ask.contact")}
            </legend>
            {field("receiver_first_name", t("ask.first_name"), {
              def: user.first,
              auto: "given-name",
            })}
            {field("receiver_last_name", t("ask.last_name"), {
              def: user.last,
              auto: "family-name",
            })}
            {field("receiver_phone_one", t("ask.phone"), {
              type: "tel",
              auto: "tel",
            })}
            {field("company_name", t("ask.company"), {
              hint: t("ask.company_hint"),
              auto: "organization",
            })}
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="text-base font-semibold">{t("ask.site")}</legend>
            <div>
              <label htmlFor="ask-state" className="field-label">
                {t("ask.state")}
              </label>
              <select
                id="ask-state"
                name="state"
                defaultValue={state}
                className="field-input"
                aria-describedby="ask-state-e"
              >
                {states.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              <FieldError
                id="ask-state-e"
                message={fieldError(reply, "state")}
              />
            </div>
            {field("lga", t("ask.lga"), {
              list: "ask-lgas",
              hint: t("ask.lga_hint"),
            })}
            <datalist id="ask-lgas">
              {lgas.map((l) => (
                <option key={l} value={l} />
              ))}
            </datalist>
            {field("street_address", t("ask.street"), {
              auto: "street-address",
            })}
            {field("city", t("ask.city"))}
            {/* Where a store's delivery slots (issue 35 item 5) plug in: the slot picker beside this wanted date. */}
            {field("wanted_date", t("ask.wanted_date"), { type: "date" })}
          </fieldset>
          <div>
            <label htmlFor="ask-note" className="field-label">
              {t("ask.note")}
            </label>
            <textarea
              id="ask-note"
              name="note"
              rows={3}
              defaultValue={typed(reply, "note") ?? ""}
              className="field-input"
              aria-describedby="ask-note-e"
            />
            <p className="mt-1 text-xs text-gray-600">{t("ask.note_hint")}</p>
            <FieldError id="ask-note-e" message={fieldError(reply, "note")} />
          </div>
          <FieldError id="ask-form-e" message={fieldError(reply, "")} />
          <button type="submit" className={primaryButton}>
            {t("ask.send")}
          </button>
        </form>
      ) : (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          {t("ask.nothing")}
        </p>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Quote"} | BuildMart NG` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
