/**
 * A bulk quote as one page (issue 35): what was asked (lines, site, wanted date, note), where it
 * stands, each offer with its figures (the API's, from the one money rule) and a link to its
 * pro-forma invoice, and the thread oldest first. The same on the buyer's and the store's page; the
 * forms of each side are below (plain HTML posts with `intent`, errors from the action next to the
 * fields, what was typed kept): BuyerActions, StoreOfferForm, StoreDeclineForm. Labels `quotes:*`.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate, formatDay } from "~/i18n/dates";
import { formatNaira } from "~/domain/money";
import { formatQuantity } from "~/domain/units";
import type { ApiQuote } from "~/storefront/api-types";
import { primaryButton } from "~/components/ui/button";
import {
  FieldError,
  fieldError,
  QuoteStatus,
  typed,
  type QuoteReply,
} from "./quote-bits";

/** An offer's figures, each line at its offered price; the pro-forma link. */
function OfferCard({
  quote,
  offer,
  invoiceHref,
}: {
  quote: ApiQuote;
  offer: ApiQuote["offers"][number];
  invoiceHref: string;
}) {
  const { t } = useTranslation("quotes");
  const live = quote.live_offer_id === offer.id;
  const latest = quote.offers[quote.offers.length - 1]?.id === offer.id;
  return (
    <section
      className={`space-y-2 rounded-lg border p-3 ${
        live ? "border-brand-700" : "border-gray-200"
      }`}
      data-testid="quote-offer"
      aria-labelledby={`offer-${offer.id}`}
    >
      <h3 id={`offer-${offer.id}`} className="font-semibold">
        {t("thread.offer_heading", { number: offer.offer_number })}
      </h3>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-xs text-gray-600">
            <th className="py-1 font-medium">{t("invoice.product")}</th>
            <th className="py-1 font-medium">{t("invoice.unit_price")}</th>
            <th className="py-1 text-right font-medium">
              {t("invoice.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {offer.lines.map((l) => {
            const line = quote.lines.find((x) => x.id === l.quote_line_id);
            return (
              <tr
                key={l.quote_line_id}
                className="border-t border-gray-100 align-top"
              >
                <td className="py-1">
                  {line?.product_name}
                  {line?.option_label ? ` (${line.option_label})` : ""} ×{" "}
                  {formatQuantity(line?.quantity ?? 0)}
                  {l.above_list_reason ? (
                    <span className="block text-xs text-gray-600">
                      {t("thread.above_list", { reason: l.above_list_reason })}
                    </span>
                  ) : null}
                </td>
                <td className="py-1">
                  {formatNaira(l.unit_price)}{" "}
                  {t(`common:units.per_${line?.unit ?? "piece"}`)}
                </td>
                <td className="py-1 text-right">{formatNaira(l.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm">
        <dt>{t("invoice.items")}</dt>
        <dd className="text-right">{formatNaira(offer.items_total)}</dd>
        <dt>{t("invoice.delivery")}</dt>
        <dd className="text-right">{formatNaira(offer.delivery)}</dd>
        <dt className="font-semibold">{t("invoice.total")}</dt>
        <dd className="text-right font-semibold" data-testid="offer-total">
          {formatNaira(offer.total)}
        </dd>
        {offer.vat !== null ? (
          <>
            <dt className="text-gray-700">{t("invoice.vat_included")}</dt>
            <dd className="text-right text-gray-700" data-testid="offer-vat">
              {formatNaira(offer.vat)}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm">
        {t("thread.delivery_on", { date: formatDay(offer.delivery_date, t) })} ·{" "}
        {offer.expired || (!live && latest && quote.shown_status === "expired")
          ? t("thread.expired_on", { date: formatDate(offer.expires_at, t) })
          : t("thread.holds_until", { date: formatDate(offer.expires_at, t) })}
      </p>
      {offer.note ? (
        <p className="whitespace-pre-line text-sm">“{offer.note}”</p>
      ) : null}
      <Link
        to={invoiceHref}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("thread.proforma")}
      </Link>
    </section>
  );
}

/** The quote: what was asked, where it stands, the offers and the thread. `invoiceHref(offerId)`: the viewer's pro-forma page. */
export function QuoteThread({
  quote,
  invoiceHref,
}: {
  quote: ApiQuote;
  invoiceHref: (offerId: number) => string;
}) {
  const { t } = useTranslation("quotes");
  return (
    <article
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 text-sm"
      data-testid="quote-thread"
      aria-labelledby={`quote-${quote.id}`}
    >
      <header className="space-y-1">
        <h2 id={`quote-${quote.id}`} className="text-base font-semibold">
          {t("thread.heading", { number: quote.id, store: quote.store.name })}
        </h2>
        <QuoteStatus quote={quote} />
        {quote.turn ? (
          <p className="text-gray-700">{t(`turn.${quote.turn}`)}</p>
        ) : null}
      </header>
      <section aria-labelledby={`asked-${quote.id}`} className="space-y-1">
        <h3 id={`asked-${quote.id}`} className="font-semibold">
          {t("thread.asked")}
        </h3>
        <ul className="list-disc pl-5">
          {quote.lines.map((l) => (
            <li key={l.id}>
              {l.product_name}
              {l.option_label ? ` (${l.option_label})` : ""} ×{" "}
              {formatQuantity(l.quantity)} ·{" "}
              {t("thread.list_price", {
                price: formatNaira(l.list_unit_price),
              })}{" "}
              {t(`common:units.per_${l.unit}`)}
            </li>
          ))}
        </ul>
        <p>
          {t("thread.site", {
            address: `${quote.site.street_address}, ${quote.site.city}, ${quote.site.lga}, ${quote.site.state}`,
          })}
          {quote.buyer.company_name ? ` · ${quote.buyer.company_name}` : ""}
        </p>
        <p>{t("thread.wanted", { date: formatDay(quote.wanted_date, t) })}</p>
      </section>
      {quote.offers.map((o) => (
        <OfferCard
          key={o.id}
          quote={quote}
          offer={o}
          invoiceHref={invoiceHref(o.id)}
        />
      ))}
      <section aria-labelledby={`steps-${quote.id}`}>
        <h3 id={`steps-${quote.id}`} className="font-semibold">
          {t("thread.steps")}
        </h3>
        <ol className="mt-1 space-y-2 border-l-2 border-gray-200 pl-3">
          {quote.messages.map((m) => (
            <li key={m.id} data-testid="quote-step">
              <p className="text-xs text-gray-600">
                <span className="font-semibold text-gray-900">
                  {m.author === "store" ? quote.store.name : t("thread.buyer")}
                </span>{" "}
                · {formatDate(m.created_at, t)}
              </p>
              <p className="font-medium">{t(`kind.${m.kind}`)}</p>
              {m.body ? (
                <p className="whitespace-pre-line" data-user-text>
                  {m.body}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/** The buyer's moves: accept the live offer, counter once (a note), decline. */
export function BuyerActions({
  quote,
  lastResult,
  intent,
}: {
  quote: ApiQuote;
  lastResult?: QuoteReply;
  intent?: string | null;
}) {
  const { t } = useTranslation("quotes");
  const open = quote.status !== "accepted" && quote.status !== "declined";
  if (!open) return null;
  const r = (i: string) => (intent === i ? lastResult : undefined);
  return (
    <div className="space-y-3">
      {quote.live_offer_id ? (
        <form
          method="post"
          className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm"
          aria-labelledby="accept-h"
        >
          <h3 id="accept-h" className="text-base font-semibold">
            {t("buyer.accept_heading")}
          </h3>
          <p>{t("buyer.accept_hint")}</p>
          <FieldError
            id="accept-form-e"
            message={fieldError(r("accept"), "")}
          />
          <button
            type="submit"
            name="intent"
            value="accept"
            className={primaryButton}
          >
            {t("buyer.accept")}
          </button>
        </form>
      ) : null}
      {quote.can_counter ? (
        <form
          method="post"
          className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm"
          aria-labelledby="counter-h"
        >
          <h3 id="counter-h" className="text-base font-semibold">
            {t("buyer.counter_heading")}
          </h3>
          <p>{t("buyer.counter_once")}</p>
          <label htmlFor="counter-note" className="field-label">
            {t("buyer.counter_note")}
          </label>
          <textarea
            id="counter-note"
            name="note"
            rows={3}
            defaultValue={typed(r("counter"), "note") ?? ""}
            className="field-input"
            aria-describedby="counter-note-e"
          />
          <FieldError
            id="counter-note-e"
            message={
              fieldError(r("counter"), "note") ?? fieldError(r("counter"), "")
            }
          />
          <button
            type="submit"
            name="intent"
            value="counter"
            className="btn-outline"
          >
            {t("buyer.counter")}
          </button>
        </form>
      ) : null}
      <form
        method="post"
        className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm"
        aria-labelledby="decline-h"
      >
        <h3 id="decline-h" className="text-base font-semibold">
          {t("buyer.decline_heading")}
        </h3>
        <label htmlFor="decline-reason" className="field-label">
          {t("buyer.decline_reason")}
        </label>
        <input
          id="decline-reason"
          name="reason"
          defaultValue={typed(r("decline"), "reason") ?? ""}
          className="field-input"
          aria-describedby="decline-reason-e"
        />
        <FieldError
          id="decline-reason-e"
          message={
            fieldError(r("decline"), "reason") ?? fieldError(r("decline"), "")
          }
        />
        <button
          type="submit"
          name="intent"
          value="decline"
          className="btn-outline text-red-700"
        >
          {t("buyer.decline")}
        </button>
      </form>
    </div>
  );
}

/** The store's offer: a unit price per line (a reason when above the list), delivery charge and date, hours it holds, a note. */
export function StoreOfferForm({
  quote,
  lastResult,
  today,
}: {
  quote: ApiQuote;
  lastResult?: QuoteReply;
  today: string;
}) {
  const { t } = useTranslation("quotes");
  const last = quote.offers[quote.offers.length - 1];
  const again = quote.offers.length > 0;
  return (
    <form
      method="post"
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm"
      aria-labelledby="offer-h"
      data-testid="offer-form"
    >
      <h3 id="offer-h" className="text-base font-semibold">
        {t(again ? "store.offer_again_heading" : "store.offer_heading")}
      </h3>
      {quote.lines.map((l, i) => {
        const prior = last?.lines.find((x) => x.quote_line_id === l.id);
        const base = `lines[${i}]`;
        return (
          <fieldset
            key={l.id}
            className="space-y-2 rounded border border-gray-100 p-2"
          >
            <legend className="font-medium">
              {l.product_name}
              {l.option_label ? ` (${l.option_label})` : ""} ×{" "}
              {formatQuantity(l.quantity)}
            </legend>
            <input type="hidden" name={`${base}.quote_line_id`} value={l.id} />
            <p className="text-xs text-gray-600">
              {t("thread.list_price", {
                price: formatNaira(l.list_unit_price),
              })}
            </p>
            <div>
              <label htmlFor={`price-${l.id}`} className="field-label">
                {t("store.unit_price", {
                  unit: t(`common:units.per_${l.unit}`),
                })}
              </label>
              <input
                id={`price-${l.id}`}
                name={`${base}.unit_price`}
                inputMode="decimal"
                defaultValue={
                  typed(lastResult, `${base}.unit_price`) ??
                  String(prior?.unit_price ?? l.list_unit_price)
                }
                className="field-input"
                aria-describedby={`price-${l.id}-e`}
              />
              <FieldError
                id={`price-${l.id}-e`}
                message={fieldError(lastResult, `${base}.unit_price`)}
              />
            </div>
            <div>
              <label htmlFor={`reason-${l.id}`} className="field-label">
                {t("store.reason")}
              </label>
              <input
                id={`reason-${l.id}`}
                name={`${base}.reason`}
                defaultValue={typed(lastResult, `${base}.reason`) ?? ""}
                className="field-input"
                aria-describedby={`reason-${l.id}-e`}
              />
              <FieldError
                id={`reason-${l.id}-e`}
                message={fieldError(lastResult, `${base}.reason`)}
              />
            </div>
          </fieldset>
        );
      })}
      <FieldError
        id="offer-lines-e"
        message={fieldError(lastResult, "lines")}
      />
      <div>
        <label htmlFor="offer-delivery" className="field-label">
          {t("store.delivery", {
            lga: quote.site.lga,
            state: quote.site.state,
          })}
        </label>
        <input
          id="offer-delivery"
          name="delivery"
          inputMode="decimal"
          defaultValue={
            typed(lastResult, "delivery") ?? String(last?.delivery ?? "")
          }
          className="field-input"
          aria-describedby="offer-delivery-e"
        />
        <FieldError
          id="offer-delivery-e"
          message={fieldError(lastResult, "delivery")}
        />
      </div>
      <div>
        {/* Where a store's delivery slots (issue 35 item 5) plug in: a slot picker instead of this date. */}
        <label htmlFor="offer-date" className="field-label">
          {t("store.delivery_date")}
        </label>
        <input
          id="offer-date"
          type="date"
          name="delivery_date"
          min={today}
          defaultValue={
            typed(lastResult, "delivery_date") ??
            last?.delivery_date ??
            quote.wanted_date
          }
          className="field-input"
          aria-describedby="offer-date-e"
        />
        <FieldError
          id="offer-date-e"
          message={fieldError(lastResult, "delivery_date")}
        />
      </div>
      <div>
        <label htmlFor="offer-hours" className="field-label">
          {t("store.valid_hours")}
        </label>
        <input
          id="offer-hours"
          name="valid_hours"
          inputMode="numeric"
          defaultValue={
            typed(lastResult, "valid_hours") ?? String(last?.valid_hours ?? 72)
          }
          className="field-input"
          aria-describedby="offer-hours-e"
        />
        <FieldError
          id="offer-hours-e"
          message={fieldError(lastResult, "valid_hours")}
        />
      </div>
      <div>
        <label htmlFor="offer-note" className="field-label">
          {t("store.note")}
        </label>
        <textarea
          id="offer-note"
          name="note"
          rows={2}
          defaultValue={typed(lastResult, "note") ?? ""}
          className="field-input"
          aria-describedby="offer-note-e"
        />
        <FieldError
          id="offer-note-e"
          message={fieldError(lastResult, "note")}
        />
      </div>
      <FieldError id="offer-form-e" message={fieldError(lastResult, "")} />
      <button
        type="submit"
        name="intent"
        value="offer"
        className={primaryButton}
      >
        {t("store.send_offer")}
      </button>
    </form>
  );
}

export function StoreDeclineForm({ lastResult }: { lastResult?: QuoteReply }) {
  const { t } = useTranslation("quotes");
  return (
    <form
      method="post"
      className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm"
      aria-labelledby="sdecline-h"
    >
      <h3 id="sdecline-h" className="text-base font-semibold">
        {t("store.decline_heading")}
      </h3>
      <label htmlFor="sdecline-reason" className="field-label">
        {t("store.decline_reason")}
      </label>
      <input
        id="sdecline-reason"
        name="reason"
        defaultValue={typed(lastResult, "reason") ?? ""}
        className="field-input"
        aria-describedby="sdecline-reason-e"
      />
      <FieldError
        id="sdecline-reason-e"
        message={fieldError(lastResult, "reason") ?? fieldError(lastResult, "")}
      />
      <button
        type="submit"
        name="intent"
        value="decline"
        className="btn-outline text-red-700"
      >
        {t("store.decline")}
      </button>
    </form>
  );
}

/** The buyer's page below its heading: the thread and the buyer's forms (an island: ../ui/island.tsx). */
export function BuyerQuoteView({
  quote,
  lastResult,
  intent,
}: {
  quote: ApiQuote;
  lastResult?: QuoteReply;
  intent?: string | null;
}) {
  return (
    <>
      <QuoteThread
        quote={quote}
        invoiceHref={(offerId) =>
          `/users/quotes/${quote.id}/invoice?offer=${offerId}`
        }
      />
      <BuyerActions quote={quote} lastResult={lastResult} intent={intent} />
    </>
  );
}

/** The store's page below its heading: the thread, and while open the offer and decline forms (an island). */
export function StoreQuoteView({
  quote,
  slug,
  today,
  lastResult,
  intent,
}: {
  quote: ApiQuote;
  slug: string;
  today: string;
  lastResult?: QuoteReply;
  intent?: string | null;
}) {
  const open = quote.status !== "accepted" && quote.status !== "declined";
  return (
    <>
      <QuoteThread
        quote={quote}
        invoiceHref={(offerId) =>
          `/stores/${slug}/quotes/${quote.id}/invoice?offer=${offerId}`
        }
      />
      {open ? (
        <>
          <StoreOfferForm
            quote={quote}
            today={today}
            lastResult={intent === "offer" ? lastResult : undefined}
          />
          <StoreDeclineForm
            lastResult={intent === "decline" ? lastResult : undefined}
          />
        </>
      ) : null}
    </>
  );
}
