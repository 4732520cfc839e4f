/**
 * The pieces of an address form that the account's address book (./address-form) and guest
 * checkout (./checkout/guest-fields) share: a labelled field with its message under it, and the
 * place of delivery (street, landmark, city, state, LGA, postal code, country). Each form keeps
 * its own contact fields and layout around them.
 */
import { useTranslation } from "~/i18n/react";
import type { ReactNode } from "react";
import { TEXT_MAX } from "~/domain/text-max";
import { useFormMessage } from "./ui/error-list";
import { LgaSelect } from "./ui/lga-select";
import { type ReplyField, inputProps, selectProps } from "./ui/reply-form";
import { StateOptions } from "./ui/state-options";

/** A field's label (a red * when required, a hint in brackets), its input, and its message in the page's language. */
export function AddressField({
  label,
  required = false,
  hint,
  meta,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  meta: { id: string; errorId: string; errors?: string[] };
  children: ReactNode;
}) {
  const say = useFormMessage();
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
        {hint ? <span className="ml-1 font-normal text-gray-600">({hint})</span> : null}
      </label>
      {children}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="field-error">
          {say(meta.errors[0])}
        </p>
      ) : null}
    </div>
  );
}

type PlaceName = "street_address" | "landmark" | "city" | "state" | "lga" | "zip_code";

/** Where the order goes: street, landmark, then city, state, LGA and postal code, and the country. */
export function PlaceFields({ fields, streetLabel }: { fields: Record<PlaceName, ReplyField>; streetLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <AddressField label={streetLabel} required meta={fields.street_address}>
        <input {...inputProps(fields.street_address, { type: "text" })} autoComplete="address-line1" className="field-input" />
      </AddressField>
      <AddressField label={t("address.landmark")} meta={fields.landmark}>
        <input {...inputProps(fields.landmark, { type: "text" })} maxLength={TEXT_MAX.landmark} placeholder={t("address.landmarkPlaceholder")} className="field-input" />
      </AddressField>
      <div className="grid gap-3 sm:grid-cols-2">
        <AddressField label={t("address.city")} required meta={fields.city}>
          <input {...inputProps(fields.city, { type: "text" })} autoComplete="address-level2" className="field-input" />
        </AddressField>
        <AddressField label={t("address.state")} required meta={fields.state}>
          <select {...selectProps(fields.state)} autoComplete="address-level1" className="field-input">
            <StateOptions />
          </select>
        </AddressField>
        <AddressField label={t("address.lga")} required meta={fields.lga}>
          <LgaSelect lga={fields.lga} state={fields.state} />
        </AddressField>
        <AddressField label={t("address.postalCode")} meta={fields.zip_code}>
          <input {...inputProps(fields.zip_code, { type: "text" })} autoComplete="postal-code" inputMode="numeric" className="field-input" />
        </AddressField>
      </div>
      <p className="text-sm text-gray-700">
        {t("address.country")} <span className="font-medium">Nigeria (NGA)</span>
      </p>
    </>
  );
}
