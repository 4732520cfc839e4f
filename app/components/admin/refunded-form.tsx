/**
 * /admin/returns: "Mark refunded" on an accepted return, with a note; conform shows the action's
 * errors next to the field. Fetched on demand by the page (../ui/island.tsx).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { primaryButton } from "../ui/button";
import { ErrorList } from "../ui/forms";
import type { ApiReturn } from "~/storefront/api-types";

export function RefundedForm({ r, lastResult }: { r: ApiReturn; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("returnId") === String(r.id);
  const [form, fields] = useForm({ id: `refunded-${r.id}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-wrap items-end gap-2 border-t border-gray-100 pt-2">
      <input type="hidden" name="returnId" value={r.id} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="w-full rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="min-w-0 flex-1">
        <label htmlFor={fields.note.id} className="field-label">
          Note (how it was paid)
        </label>
        <input {...getInputProps(fields.note, { type: "text" })} className="field-input" />
        <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <button type="submit" className={primaryButton} disabled={busy}>
        Mark refunded
      </button>
    </Form>
  );
}
