/**
 * Guest checkout's contact and shipping fields (spec section 5), validated by the domain's
 * GuestCheckoutSchema, the same schema the API applies to `guest_delivery_address`.
 */
import { useTranslation } from "~/i18n/react";
import { type ReplyField, inputProps } from "~/components/ui/reply-form";
import { AddressField, PlaceFields } from "../address-fields";

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
        <AddressField label={t("address.email")} required meta={fields.email}>
          <input {...inputProps(fields.email, { type: "email" })} autoComplete="email" inputMode="email" className="field-input" />
        </AddressField>
        <AddressField label={t("address.phone")} required meta={fields.receiver_phone_one} hint={t("address.phoneHint")}>
          <input {...inputProps(fields.receiver_phone_one, { type: "tel" })} autoComplete="tel" className="field-input" />
        </AddressField>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-bold tracking-wide">{t("address.shipping")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <AddressField label={t("address.firstName")} required meta={fields.receiver_first_name}>
            <input {...inputProps(fields.receiver_first_name, { type: "text" })} autoComplete="given-name" className="field-input" />
          </AddressField>
          <AddressField label={t("address.lastName")} required meta={fields.receiver_last_name}>
            <input {...inputProps(fields.receiver_last_name, { type: "text" })} autoComplete="family-name" className="field-input" />
          </AddressField>
        </div>
        <PlaceFields fields={fields} streetLabel={t("address.streetAddress")} />
      </fieldset>
    </div>
  );
}
