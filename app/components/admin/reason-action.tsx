/**
 * An admin action that asks for a reason (suspend, unpublish, hide ...), with conform: errors
 * next to the field, the action's, and in the browser the domain's schema once ./validators.ts
 * has loaded at the form's first focus. Fetched on demand by the pages (./ui.tsx `ReasonAction`).
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { REASON_MAX } from "~/domain/admin-rules";
import { ErrorList } from "../ui/forms";
import { useLateModule, validateWith } from "../ui/late-validation";
import { buttonTones } from "./button-tones";

const loadValidators = () => import("./validators");

/**
 * An action that asks for a reason (suspend, unpublish, hide ...): a <details> disclosure (works
 * without JavaScript) holding the form; opened again with the message when the reason was refused.
 */
export function ReasonAction({
  intent,
  id,
  label,
  submitLabel,
  required,
  tone = "danger",
  result,
  hint,
}: {
  intent: string;
  id: string | number;
  label: string;
  submitLabel: string;
  required: boolean;
  tone?: keyof typeof buttonTones;
  result?: SubmissionResult<string[]>;
  hint?: string;
}) {
  const formId = `${intent}-${id}`;
  const validators = useLateModule(formId, loadValidators);
  const [form, fields] = useForm({
    id: formId,
    lastResult: result,
    ...validateWith(validators?.validateReason(required), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const failed = !!(result?.error && Object.keys(result.error).length);
  return (
    <details className="group inline-block align-top" open={failed || undefined}>
      <summary className={`${buttonTones[tone]} cursor-pointer list-none`} data-testid={`${formId}-open`}>
        {label}
      </summary>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-2 w-64 max-w-[80vw] space-y-2 rounded border border-gray-200 bg-gray-50 p-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={String(id)} />
        <label htmlFor={fields.reason.id} className="field-label">
          Reason{required ? "" : " (optional)"}
        </label>
        <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={REASON_MAX} className="field-input" data-testid={`${formId}-reason`} />
        {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={buttonTones[tone]} data-testid={`${formId}-submit`}>
          {submitLabel}
        </button>
      </Form>
    </details>
  );
}
