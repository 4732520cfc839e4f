/**
 * /admin/newsletter — admins only (the API's admin call answers 404 to anyone else, and so does
 * this page): how many confirmed subscribers, their CSV export, and "Send newsletter" (subject and
 * text; one queued mail per confirmed subscriber with its own unsubscribe link). The form's hidden
 * idempotency key, new on every page load, makes a double submit send once.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NEWSLETTER_SEND_CONSTRAINT } from "~/components/ui/constraints";
import { ErrorList, Field, FormErrors } from "~/components/ui/forms";
import { useLateModule, validateWith } from "~/components/ui/late-validation";
import { apiFor } from "~/storefront/api.server";
import type { ApiNewsletterSend, ApiNewsletterSummary } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { NewsletterSendSchema, parseWithZod } from "~/storefront/forms.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const summary = await api.must(api.get<ApiNewsletterSummary>("/newsletter/summary/"));
  return data({ summary, idempotencyKey: crypto.randomUUID() }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  // The guard first: the same 404 as the page for anyone but an admin.
  await api.must(api.get<ApiNewsletterSummary>("/newsletter/summary/"));
  const submission = parseWithZod(await readForm(request), { schema: NewsletterSendSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await api.post<ApiNewsletterSend>("/newsletter/sends/", submission.value);
  if (r.ok && (r.status === 201 || r.status === 200)) {
    const n = r.data.recipients;
    const message =
      r.status === 201
        ? `Newsletter “${r.data.subject}” queued for ${n} subscriber${n === 1 ? "" : "s"}.`
        : `This newsletter was already sent (to ${n} subscriber${n === 1 ? "" : "s"}); it was not sent again.`;
    return redirectWithFlash(api, "/admin/newsletter", { kind: "success", message });
  }
  const reply = apiErrorsToReply(r.status, r.data, ["subject", "text", "idempotency_key"], "The newsletter could not be sent. Please try again.");
  return data(submission.reply(reply), { status: r.status === 400 ? 400 : 502 });
}

// zod and the schema load at the form's first focus (components/ui/late-validation.ts).
const loadValidators = () => import("~/components/admin/validators");

export default function AdminNewsletterRoute() {
  const { summary, idempotencyKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
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
                  {s.recipients} · {new Date(s.created_at).toLocaleString("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Newsletter | Admin | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
