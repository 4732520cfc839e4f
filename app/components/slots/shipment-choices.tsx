/**
 * A store's shipment at checkout (issue 35 item 5, decision 0037): "Deliver" or "Collect from the
 * yard" when the store offers collection (its address and hours shown), and for bulk goods from a
 * store that publishes slots, the delivery day: a radio list where a full slot is shown and cannot
 * be chosen. Plain radios tied to the Place order form by `form` (works with JavaScript off); the
 * action reads `fulfil_<storeId>` and `slot_<storeId>` (`deliveryChoicesFrom`, app/domain/slot-choices.ts) into
 * POST /orders/ `delivery_choices`. A refusal (slot full meanwhile, none chosen) is shown next to
 * the store's choice. Reusable by a quote's offer (the same fields, another form id). Words: the
 * `checkout` namespace's `slots.*`.
 */
import { useTranslation } from "~/i18n/react";
import type { ApiDeliveryOptions } from "~/storefront/api-types";
import { slotText } from "./slot-text";

export type StoreDeliveryOptions = ApiDeliveryOptions["stores"][number];

/** The stores whose shipment has something to choose: a yard to collect from, or slots for bulk goods. */
export const storesWithChoices = (stores: readonly StoreDeliveryOptions[]) => stores.filter((s) => s.collection || (s.bulk && s.offers_slots));

export function ShipmentChoices({
  stores,
  form,
  chosen = {},
  errors = {},
}: {
  stores: readonly StoreDeliveryOptions[];
  /** The id of the form the fields belong to. */
  form: string;
  /** The values sent last time (kept after a refusal). */
  chosen?: Record<string, string>;
  /** Messages by field (`slot_<storeId>`). */
  errors?: Record<string, readonly string[] | null | undefined>;
}) {
  const { t } = useTranslation("checkout");
  const shown = storesWithChoices(stores);
  if (!shown.length) return null;
  return (
    <section aria-label={t("slots.heading")} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" data-testid="shipment-choices">
      <h2 className="text-sm font-bold tracking-wide">{t("slots.heading")}</h2>
      {shown.map((s) => {
        const fulfil = chosen[`fulfil_${s.store}`] === "collect" ? "collect" : "deliver";
        const slotField = `slot_${s.store}`;
        const err = errors[slotField]?.filter(Boolean) ?? [];
        const errId = `${slotField}-error`;
        const free = s.slots.filter((x) => !x.full);
        return (
          <fieldset key={s.store} className="space-y-2" data-testid={`shipment-choice-${s.store}`} aria-describedby={err.length ? errId : undefined} form={form}>
            <legend className="font-medium">{t("slots.legend", { store: s.store_name })}</legend>
            {s.collection ? (
              <div className="space-y-1">
                <label className="flex items-start gap-2 text-sm">
                  <input type="radio" name={`fulfil_${s.store}`} value="deliver" defaultChecked={fulfil === "deliver"} form={form} className="mt-1 accent-brand-600" />
                  <span>{t("slots.deliver")}</span>
                </label>
                <label className="flex items-start gap-2 text-sm">
                  <input type="radio" name={`fulfil_${s.store}`} value="collect" defaultChecked={fulfil === "collect"} form={form} className="mt-1 accent-brand-600" />
                  <span>
                    <span className="font-medium">{t("slots.collect")}</span>
                    <span className="block text-xs text-gray-600" data-testid="yard-address">
                      {t("slots.yard", { address: s.collection.address, hours: s.collection.hours })}
                    </span>
                  </span>
                </label>
              </div>
            ) : null}
            {s.bulk && s.offers_slots ? (
              <div>
                <p className="text-sm font-medium">{t("slots.chooseDay")}</p>
                {s.collection ? <p className="text-xs text-gray-600">{t("slots.notIfCollect")}</p> : null}
                {free.length === 0 ? <p className="text-sm text-amber-900">{t("slots.allFull")}</p> : null}
                <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                  {s.slots.map((x) => (
                    <li key={x.id}>
                      <label className={`flex items-center gap-2 rounded-md border p-2 text-sm ${x.full ? "border-gray-100 bg-gray-50 text-gray-500" : "border-gray-200 has-[:checked]:border-brand-600"}`} data-full={x.full ? "true" : "false"}>
                        <input type="radio" name={slotField} value={x.id} disabled={x.full} defaultChecked={!x.full && chosen[slotField] === String(x.id)} form={form} className="accent-brand-600" />
                        <span>
                          {slotText(x, t)}
                          {x.full ? <span className="ml-1 font-semibold">· {t("slots.full")}</span> : null}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {err.length ? (
              <p id={errId} className="text-sm text-red-700" role="alert">
                {err.join(" ")}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </section>
  );
}
