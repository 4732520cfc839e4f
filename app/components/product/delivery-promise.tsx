/**
 * The delivery promise: "Delivery to Kano: ₦3,500, arrives Tue, 1 Dec – Thu, 3 Dec",
 * with a state picker (a select and "Update": a plain POST to the page's own action, which remembers
 * the state in a cookie and redirects back; storefront/delivery.server.ts). The fee and dates come
 * from the API's quote (the shipping rule of domain/shipping.ts, the lead time of domain/delivery.ts).
 */
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { Form } from "@remix-run/react";
import { formatDayRange } from "~/i18n/dates";
import { formatNaira } from "~/domain/money";
import { NIGERIAN_STATES, stateName } from "~/domain/states";

export interface PromiseData {
  state: string;
  source: "picked" | "address" | "default";
  quote: { fee: number; earliest: string; latest: string } | null;
}

/** A state's name as shoppers read it (~/domain/states stateName: "FCT (Abuja)"). */
export const stateLabel = stateName;

/** The sentence alone (the cart's shipments use it too). */
export function PromiseLine({ state, fee, earliest, latest }: { state: string; fee: number; earliest: string; latest: string }) {
  const { t } = useTranslation("shop");
  // Word order differs between languages: the sentence is one message with the bold parts as tags.
  return (
    <Trans
      t={t}
      i18nKey="delivery.line"
      values={{ state: stateLabel(state), fee: fee === 0 ? t("delivery.free") : formatNaira(fee), dates: formatDayRange(earliest, latest, t) }}
      components={{ b: <strong />, dates: <strong className="whitespace-nowrap" /> }}
    />
  );
}

/**
 * The promise with its picker. `summary={false}` (the cart): only the picker and the note, each
 * store's shipment saying its own fee and dates.
 */
export function DeliveryPromise({ data, summary = true }: { data: PromiseData; summary?: boolean }) {
  const { state, source, quote } = data;
  const { t } = useTranslation("shop");
  return (
    <section aria-label={t("delivery.label")} className={`${summary ? "mt-3" : ""} rounded-lg border border-gray-200 bg-white p-3 text-sm`} data-testid="delivery-promise">
      {summary ? (
        <p data-testid="delivery-promise-text">
          {quote ? <PromiseLine state={state} fee={quote.fee} earliest={quote.earliest} latest={quote.latest} /> : t("delivery.pricedAtCheckout", { state: stateLabel(state) })}
        </p>
      ) : (
        <p className="font-semibold">{t("delivery.deliveringTo", { state: stateLabel(state) })}</p>
      )}
      <p className="mt-0.5 text-xs text-gray-600">
        {source === "default" ? `${t("delivery.defaultState")} ` : source === "address" ? `${t("delivery.addressState")} ` : null}
        {summary ? t("delivery.noteOneItem") : t("delivery.noteDates")}
      </p>
      <Form method="post" replace preventScrollReset className="mt-2 flex items-center gap-2">
        <input type="hidden" name="intent" value="delivery-state" />
        <label htmlFor="delivery-state" className="sr-only">
          {t("delivery.deliverToState")}
        </label>
        <select id="delivery-state" name="deliveryState" defaultValue={state} key={state} className="h-9 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 text-sm">
          {NIGERIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-outline h-9 px-3">
          {t("delivery.update")}
        </button>
      </Form>
    </section>
  );
}
