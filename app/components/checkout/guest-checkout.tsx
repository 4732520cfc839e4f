/**
 * The guest's checkout form (routes/checkout+/payment._index.tsx): contact and shipping fields,
 * 'Update shipping for this state' (intent quote) and the payment method; the summary's Place
 * order button submits it (form="place-order"). Validated by the action only (useReplyForm).
 * Fetched on demand by the page (../ui/island.tsx), with conform.
 */
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { Form, Link } from "@remix-run/react";
import { FormErrors } from "~/components/ui/forms";
import { formProps, useReplyForm, type Reply } from "~/components/ui/reply-form";
import { GUEST_FIELDS, GuestFields } from "./guest-fields";
import { PaymentChoice, type Method } from "./payment-choice";

export function GuestCheckout({
  idempotencyKey,
  defaultMethod,
  lastResult,
  children,
}: {
  idempotencyKey: string;
  defaultMethod: Method;
  lastResult: Reply | undefined;
  /** Shown right after the payment choice (e.g. bulk goods are not paid at the door). */
  children?: React.ReactNode;
}) {
  const [form, f] = useReplyForm({ id: "place-order", lastResult, constraint: GUEST_FIELDS });
  const { t } = useTranslation("checkout");
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        <Trans t={t} i18nKey="guest.intro" components={{ login: <Link to="/auth/login?redirectTo=%2Fcheckout%2Fpayment" className="font-semibold text-brand-700 underline" /> }} />
      </p>
      <Form method="post" {...formProps(form)} noValidate className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <GuestFields fields={f} />
        <button type="submit" name="intent" value="quote" formNoValidate className="btn-outline">
          {t("guest.updateShipping")}
        </button>
        <PaymentChoice defaultMethod={defaultMethod} />
        {children}
      </Form>
    </div>
  );
}
