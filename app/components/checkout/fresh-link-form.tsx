/**
 * "Send me a fresh link" for a guest's order (docs/decisions/0029-guest-order-links.md): the
 * order number and the e-mail address or phone number used for it. A plain form posted to
 * /orders/fresh-link, so it works without JavaScript; that page's action answers field errors
 * with what was typed kept.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "../auth-forms";
import { GUEST_LINK_CONSTRAINT } from "../ui/constraints";
import { Field, FormErrors } from "../ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "../ui/reply-form";

export function FreshLinkForm({ lastResult, orderNumber }: { lastResult: Reply | null | undefined; orderNumber?: string }) {
  const [form, fields] = useReplyForm({ id: "fresh-link", lastResult, constraint: GUEST_LINK_CONSTRAINT, defaultValue: { order_number: orderNumber ?? "" } });
  const { t } = useTranslation("orders");
  return (
    <Form method="post" action="/orders/fresh-link" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field labelProps={{ children: t("freshLinkOrder") }} inputProps={{ ...inputProps(fields.order_number, { type: "text" }), autoComplete: "off" }} errors={fields.order_number.errors} />
      <Field
        labelProps={{ children: t("freshLinkContact") }}
        inputProps={{ ...inputProps(fields.contact, { type: "text" }), autoComplete: "email" }}
        errors={fields.contact.errors}
      />
      <SubmitButton>{t("freshLinkSend")}</SubmitButton>
    </Form>
  );
}
