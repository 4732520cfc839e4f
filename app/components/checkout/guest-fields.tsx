/**
 * Guest checkout's contact and shipping fields (spec section 5), validated by the domain's
 * GuestCheckoutSchema, the same schema the API applies to `guest_delivery_address`.
 */
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { TEXT_MAX } from "~/domain/text-max";
import { LgaSelect } from "../ui/lga-select";
import { StateOptions } from "../ui/state-options";
import { type ReplyField, inputProps, selectProps } from "~/components/ui/reply-form";

type F = ReplyField;

/** The fields shown (useReplyForm); the browser checks nothing itself, the action does. */
export const GUEST_FIELDS = {
  email: {},
  receiver_first_name: {},
  receiver_last_name: {},
  receiver_phone_one: {},
  street_address: {},
  city: {},
  state: {},
  zip_code: {},
  lga: {},
  landmark: {},
};

export function GuestFields({
  fields,
}: {
  fields: Record<"email" | "receiver_first_name" | "receiver_last_name" | "receiver_phone_one" | "street_address" | "city" | "state" | "zip_code" | "lga" | "landmark", F>;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-bold tracking-wide">{t("address.contact")}</legend>
        <GField label={t("address.email")} meta={fields.email}>
          <input {...inputProps(fields.email, { type: "email" })} autoComplete="email" inputMode="email" className="field-input" />
        </GField>
        <GField label={t("address.phone")} meta={fields.receiver_phone_one} hint={t("address.phoneHint")}>
          <input {...inputProps(fields.receiver_phone_one, { type: "tel" })} autoComplete="tel" className="field-input" />
        </GField>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-bold tracking-wide">{t("address.shipping")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <GField label={t("address.firstName")} meta={fields.receiver_first_name}>
            <input {...inputProps(fields.receiver_first_name, { type: "text" })} autoComplete="given-name" className="field-input" />
          </GField>
          <GField label={t("address.lastName")} meta={fields.receiver_last_name}>
            <input {...inputProps(fields.receiver_last_name, { type: "text" })} autoComplete="family-name" className="field-input" />
          </GField>
        </div>
        <GField label={t("address.streetAddress")} meta={fields.street_address}>
          <input {...inputProps(fields.street_address, { type: "text" })} autoComplete="street-address" className="field-input" />
        </GField>
        <GField label={t("address.landmark")} meta={fields.landmark} optional>
          <input {...inputProps(fields.landmark, { type: "text" })} maxLength={TEXT_MAX.landmark} placeholder={t("address.landmarkPlaceholder")} className="field-input" />
        </GField>
        <div className="grid gap-3 sm:grid-cols-2">
          <GField label={t("address.city")} meta={fields.city}>
            <input {...inputProps(fields.city, { type: "text" })} autoComplete="address-level2" className="field-input" />
          </GField>
          <GField label={t("address.state")} meta={fields.state}>
            <select {...selectProps(fields.state)} autoComplete="address-level1" className="field-input">
              <StateOptions />
            </select>
          </GField>
          <GField label={t("address.lga")} meta={fields.lga}>
            <LgaSelect lga={fields.lga} state={fields.state} />
          </GField>
          <GField label={t("address.postalCode")} meta={fields.zip_code} optional>
            <input {...inputProps(fields.zip_code, { type: "text" })} autoComplete="postal-code" inputMode="numeric" className="field-input" />
          </GField>
        </div>
        <p className="text-sm text-gray-700">
          {t("address.country")} <span className="font-medium">Nigeria (NGA)</span>
        </p>
      </fieldset>
    </div>
  );
}

function GField({ label, hint, meta, optional = false, children }: { label: string; hint?: string; meta: F; optional?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {optional ? null : (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
        {hint ? <span className="ml-1 font-normal text-gray-600">({hint})</span> : null}
      </label>
      {children}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="field-error">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
