/**
 * /admin/newsletter's content: the subscribers' counts, the send form (conform; the domain's
 * schema in the browser once ./validators.ts has loaded at the form's first focus) and the sends.
 * Fetched on demand by the page (../ui/island.tsx).
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { NEWSLETTER_SEND_CONSTRAINT } from "../ui/constraints";
import { ErrorList, Field, FormErrors } from "../ui/forms";
import { useLateModule, validateWith } from "../ui/late-validation";
import type { ApiNewsletterSummary } from "~/storefront/api-types";
import { formatDate } from "~/i18n/dates";

// zod and the schema load at the form's first focus (components/ui/late-validation.ts).
const loadValidators = () => import("./validators");

export function NewsletterPage({
  summary,
  idempotencyKey,
  lastResult,
}: {
  summary: ApiNewsletterSummary;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const validators = useLateModule("send-newsletter", loadValidators);
  const [form, fields] = useForm({
    id: "send-newsletter",
    lastResult,
    constraint: NEWSLETTER_SEND_CONSTRAINT,
    ...validateWith(validators?.validateNewsletterSend, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const textId = fields.text.id;
  return (
    <main className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">Newsletter</h1>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        <div className="rounded-lg border border-gray-200 bg-white p-3">
          <dt className="text-xs text-gray-600">Confirmed subscribers</dt>
          <dd className="text-2xl font-bold" data-testid="confirmed-count">
            {summary.confirmed}
          </dd>
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-3">
          <dt className="text-xs text-gray-600">Waiting for confirmation</dt>
          <dd className="text-2xl font-bold">{summary.pending}</dd>
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-3">
          <dt className="text-xs text-gray-600">Unsubscribed</dt>
          <dd className="text-2xl font-bold">{summary.unsubscribed}</dd>
        </div>
      </dl>
      <p className="mt-4">
        <a href="/admin/newsletter.csv" className="font-medium text-brand-700 underline" download>
          Export confirmed subscribers (CSV)
        </a>
      </p>

      <section aria-labelledby="send-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="send-heading" className="text-lg font-semibold">
          Send newsletter
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Goes to the {summary.confirmed} confirmed subscriber{summary.confirmed === 1 ? "" : "s"} through the mail queue; every mail carries
          its own one-click unsubscribe link.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
          <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.idempotency_key.errors ?? [])]} />
          <input type="hidden" name="idempotency_key" value={idempotencyKey} />
          <Field labelProps={{ children: "Subject" }} inputProps={{ ...getInputProps(fields.subject, { type: "text" }) }} errors={fields.subject.errors} />
          <div>
            <label htmlFor={textId} className="field-label">
              Text (a blank line starts a new paragraph)
            </label>
            <textarea
              {...getTextareaProps(fields.text)}
              rows={10}
              aria-invalid={fields.text.errors?.length ? true : undefined}
              aria-describedby={fields.text.errors?.length ? `${textId}-error` : undefined}
              className="field-input"
            />
            <ErrorList id={`${textId}-error`} errors={fields.text.errors} />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Send newsletter
          </button>
        </Form>
      </section>

      {summary.sends.length ? (
        <section aria-labelledby="sent-heading" className="mt-6">
          <h2 id="sent-heading" className="text-lg font-semibold">
            Sent
          </h2>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white text-sm">
            {summary.sends.map((s) => (
              <li key={s.id} className="flex justify-between gap-3 px-3 py-2">
                <span className="min-w-0 truncate">{s.subject}</span>
                <span className="shrink-0 text-gray-600">
                  {s.recipients} · {formatDate(s.created_at, "en", "dateTime")}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

