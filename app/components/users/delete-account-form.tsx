/**
 * The form of /users/account/delete: the password and a tick, validated by the action only
 * (useReplyForm). Fetched on demand by the page (../ui/island.tsx), with conform.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { PasswordField } from "../password-field";
import { DELETE_ACCOUNT_CONSTRAINT } from "../ui/constraints";
import { CheckboxField, FormErrors } from "../ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "../ui/reply-form";

export function DeleteAccountForm({ lastResult }: { lastResult: Reply | null | undefined }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useReplyForm({ id: "delete-account", lastResult, constraint: DELETE_ACCOUNT_CONSTRAINT });
  const { t } = useTranslation("account");
  return (
  <Form method="post" {...formProps(form)} className="mt-5 space-y-4">
    <FormErrors id={form.errorId} errors={form.errors} />
    <div>
      <PasswordField label={t("delete.password")} field={fields.password} autoComplete="current-password" />
      <p className="mt-1 text-xs text-gray-600">
        <Trans t={t} i18nKey="delete.google_note" components={{ lnk: <Link to="/forget-password" className="text-brand-700 underline" /> }} />
      </p>
    </div>
    <CheckboxField
      labelProps={{ children: t("delete.confirm") }}
      inputProps={{ ...inputProps(fields.confirm, { type: "checkbox" }) }}
      errors={fields.confirm.errors}
    />
    <div className="flex flex-wrap gap-3">
      <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
        {t("delete.submit")}
      </button>
      <Link to="/users/account/addresses" className="btn border border-gray-300 bg-white text-ink hover:bg-gray-50">
        {t("delete.keep")}
      </Link>
    </div>
  </Form>
  );
}
