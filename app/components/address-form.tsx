/**
 * The address editor (add and edit share it). Its rules and messages (spec section 5) are
 * `AddressFormSchema` of app/domain/addresses.ts, the same rules the API applies: used by the
 * route actions (parseWithZod, submission.reply()); in the browser conform shows the action's
 * errors next to the fields (no zod in the browser bundle: docs/architecture.md, Forms).
 * The form is always `noValidate`: the spec's messages show next to the fields with and without
 * JavaScript (a browser's own bubbles would replace them when JS is off).
 */
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "@remix-run/react";
import { useFormMessage } from "./ui/error-list";
import type { AddressFields } from "~/domain/addresses";
import { primaryButton } from "./ui/button";
import { Spinner } from "./ui/spinner";
import { type Reply, formProps, inputProps, useReplyForm } from "./ui/reply-form";
import { AddressField, PlaceFields } from "./address-fields";

export type AddressDefaults = AddressFields;

/** The fields shown (useReplyForm); the form is noValidate, the action checks them. */
const ADDRESS_FIELDS = {
  receiver_first_name: {},
  receiver_last_name: {},
  receiver_phone_one: {},
  receiver_phone_two: {},
  street_address: {},
  city: {},
  state: {},
  zip_code: {},
  lga: {},
  landmark: {},
  is_default: {},
};

export function AddressForm({
  id,
  intent,
  lastResult,
  defaultValue,
  submitLabel,
  hiddenFields,
}: {
  id: string;
  intent: string;
  lastResult: Reply | null | undefined;
  defaultValue?: AddressDefaults;
  submitLabel: string;
  hiddenFields?: Record<string, string | number>;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const say = useFormMessage();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useReplyForm({
    id,
    lastResult,
    constraint: ADDRESS_FIELDS,
    defaultValue: {
      ...defaultValue,
      receiver_phone_two: defaultValue?.receiver_phone_two ?? "",
      zip_code: defaultValue?.zip_code ?? "",
      lga: defaultValue?.lga ?? "",
      landmark: defaultValue?.landmark ?? "",
    },
  });
  return (
    <Form method="post" {...formProps(form)} noValidate className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hiddenFields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {say(form.errors[0])}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <AddressField label={t("address.firstName")} required meta={fields.receiver_first_name}>
          <input {...inputProps(fields.receiver_first_name, { type: "text" })} autoComplete="given-name" className="field-input" />
        </AddressField>
        <AddressField label={t("address.lastName")} required meta={fields.receiver_last_name}>
          <input {...inputProps(fields.receiver_last_name, { type: "text" })} autoComplete="family-name" className="field-input" />
        </AddressField>
        <AddressField label={t("address.phone")} required meta={fields.receiver_phone_one} hint={t("address.phoneHint")}>
          <input {...inputProps(fields.receiver_phone_one, { type: "tel" })} autoComplete="tel" className="field-input" />
        </AddressField>
        <AddressField label={t("address.phoneTwo")} meta={fields.receiver_phone_two}>
          <input {...inputProps(fields.receiver_phone_two, { type: "tel" })} className="field-input" />
        </AddressField>
      </div>
      <PlaceFields fields={fields} streetLabel={t("address.deliveryAddress")} />
      <label className="flex items-center gap-2 text-sm">
        <input {...inputProps(fields.is_default, { type: "checkbox" })} className="h-4 w-4 accent-brand-600" />
        {t("address.useAsDefault")}
      </label>
      <button type="submit" className={primaryButton} disabled={saving}>
        {saving ? <Spinner /> : null}
        {submitLabel}
      </button>
    </Form>
  );
}
