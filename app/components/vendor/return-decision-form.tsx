/**
 * The seller's answer to a return request on /stores/{slug}/returns: accept or refuse with a
 * message; conform shows the action's errors next to the fields. Fetched on demand by the page
 * (../ui/island.tsx).
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { primaryButton } from "../ui/button";
import { ErrorList } from "../ui/forms";
import type { ApiReturn } from "~/storefront/api-types";
import { useTranslation } from "~/i18n/react";

export function DecisionForm({ r, lastResult }: { r: ApiReturn; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("returnId") === String(r.id);
  const { t } = useTranslation("seller");
  const [form, fields] = useForm({ id: `decide-${r.id}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-2 border-t border-gray-100 pt-2">
      <input type="hidden" name="returnId" value={r.id} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <div>
        <label htmlFor={fields.message.id} className="field-label">
          {t("returns.message")}
        </label>
        <textarea {...getTextareaProps(fields.message)} rows={2} className="field-input" />
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="decision" value="accept" className={primaryButton} disabled={busy}>
          {t("returns.accept")}
        </button>
        <button type="submit" name="decision" value="refuse" className="btn-outline text-red-700" disabled={busy}>
          {t("returns.refuse")}
        </button>
      </div>
    </Form>
  );
}
