/**
 * The create-store wizard's form (spec sections 2, 4, 5): one plain multipart POST form, three
 * steps (Contact, Brand, Socials). The current step's fields are inputs; the other steps' values
 * ride along in hidden inputs, so nothing typed is lost without JavaScript. Step numbers are
 * submit buttons (intent goto-N): the server lets the vendor go back freely and forward only over
 * valid steps. A logo or banner chosen at the Brand step is uploaded by the action at once; its
 * token and preview then ride along like the text. With JavaScript, conform checks the current
 * step before Proceed (the same schemas as the server: app/domain/stores.ts) once they have
 * loaded, at the form's first focus (../ui/late-validation.ts); until then the server checks it.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { IMAGE_ACCEPT } from "~/domain/product-rules";
import { STORE_WIZARD_STEPS, STORE_WIZARD_TEXT_FIELDS, type StoreWizardStep } from "~/domain/store-rules";
import { ErrorList } from "../ui/forms";
import { useLateModule, validateWith } from "../ui/late-validation";
import { StateOptions } from "../ui/state-options";
import { primaryButton } from "../ui/button";
import { Spinner } from "../ui/spinner";

export type WizardValues = Partial<Record<(typeof STORE_WIZARD_TEXT_FIELDS)[number], string>>;

export const WIZARD_FORM_ID = "create-store";
const loadValidators = () => import("./validators");

function StepIndicator({ step }: { step: StoreWizardStep }) {
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label="Steps">
      {STORE_WIZARD_STEPS.map((s, i) => {
        const current = s.n === step;
        const done = s.n < step;
        return (
          <li key={s.n} className="flex flex-1 items-center gap-2">
            <button
              type="submit"
              name="intent"
              value={`goto-${s.n}`}
              formNoValidate
              aria-current={current ? "step" : undefined}
              aria-label={`Step ${s.n}: ${s.label}${done ? " (done)" : ""}`}
              data-testid={`wizard-step-${s.n}`}
              className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                current ? "border-brand-700 bg-brand-700 text-white" : done ? "border-brand-700 bg-brand-50 text-brand-700" : "border-gray-300 bg-white text-gray-600"
              }`}
            >
              {s.n}
            </button>
            <span className={`text-sm ${current ? "font-semibold text-ink" : "text-gray-600"}`}>{s.label}</span>
            {i < STORE_WIZARD_STEPS.length - 1 ? <span aria-hidden className="hidden h-0.5 flex-1 bg-gray-200 sm:block" /> : null}
          </li>
        );
      })}
    </ol>
  );
}

function FieldBox({ id, label, errors, hint, children }: { id: string; label: ReactNode; errors?: string[]; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function StoreWizard({
  step,
  lastResult,
  values,
}: {
  step: StoreWizardStep;
  lastResult: SubmissionResult<string[]> | null | undefined;
  values: WizardValues;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("step") === String(step);
  const stepDef = STORE_WIZARD_STEPS[step - 1];
  const validators = useLateModule(WIZARD_FORM_ID, loadValidators);
  // Typed loosely: the schema is the current step's.
  const [form, fields] = useForm<Record<string, unknown>>({
    id: WIZARD_FORM_ID,
    lastResult,
    defaultValue: values,
    ...validateWith(validators?.validateWizardStep(step), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  const shown = new Set<string>(stepDef.fields);
  const hidden = STORE_WIZARD_TEXT_FIELDS.filter((f) => !shown.has(f) && !(step === 2 && /^(logo|banner)_/.test(f)) && values[f]);
  const text = (name: "firstName" | "lastName" | "email" | "phone" | "address" | "name" | "business_license_number" | "slug" | "website" | "facebook" | "instagram" | "x", type: "text" | "email" | "tel" | "url" = "text") => (
    <input {...getInputProps(fields[name], { type })} className="field-input" aria-describedby={fields[name].errors ? `${fields[name].id}-error` : undefined} />
  );
  // A refused file is known to the server only: its message comes from the last answer (conform's
  // client checks, which know nothing of files, would otherwise clear it while the vendor types).
  const serverErrors = lastResult?.error ?? {};
  const image = (f: "logo" | "banner", label: string) => {
    const url = values[`${f}_url`];
    const meta = fields[f];
    const errors = serverErrors[f] ?? undefined;
    return (
      <FieldBox id={meta.id} label={label} errors={errors} hint="PNG, JPEG or WebP, at most 5 MB.">
        {url ? (
          <div className="mb-2 flex items-center gap-3" data-testid={`${f}-preview`}>
            <img src={url} alt={`Uploaded ${f}`} className={f === "logo" ? "h-16 w-16 rounded-full border object-cover" : "h-16 w-40 rounded border object-cover"} />
            <span className="text-xs text-gray-600">Uploaded. Choose another file to replace it.</span>
          </div>
        ) : null}
        <input type="hidden" name={`${f}_upload`} value={values[`${f}_upload`] ?? ""} />
        <input type="hidden" name={`${f}_url`} value={url ?? ""} />
        <input
          type="file"
          id={meta.id}
          name={f}
          accept={IMAGE_ACCEPT}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${meta.id}-error` : undefined}
          className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
        />
      </FieldBox>
    );
  };

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-4">
      {/* Enter in a field means Proceed (the first submit button is the form's default). */}
      <button type="submit" name="intent" value={step === 3 ? "create" : "next"} className="sr-only" tabIndex={-1} aria-hidden="true">
        Proceed
      </button>
      <StepIndicator step={step} />
      <input type="hidden" name="step" value={step} />
      {hidden.map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors.join(" ")}
        </p>
      ) : null}

      <h2 className="text-lg font-semibold">{stepDef.label}</h2>
      {step === 1 ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldBox id={fields.firstName.id} label="First name" errors={fields.firstName.errors}>
              {text("firstName")}
            </FieldBox>
            <FieldBox id={fields.lastName.id} label="Last name" errors={fields.lastName.errors}>
              {text("lastName")}
            </FieldBox>
          </div>
          <FieldBox id={fields.email.id} label="Business email" errors={fields.email.errors}>
            {text("email", "email")}
          </FieldBox>
          <FieldBox id={fields.phone.id} label="Phone number" errors={fields.phone.errors} hint="e.g. 0803 123 4567">
            {text("phone", "tel")}
          </FieldBox>
          <FieldBox id={fields.address.id} label="Physical address" errors={fields.address.errors}>
            {text("address")}
          </FieldBox>
          <FieldBox id={fields.state.id} label="State your store ships from" errors={fields.state.errors} hint="Shipping is priced from this state to the buyer's.">
            <select
              {...getSelectProps(fields.state)}
              autoComplete="address-level1"
              className="field-input"
              aria-describedby={fields.state.errors ? `${fields.state.id}-error` : undefined}
            >
              <StateOptions />
            </select>
          </FieldBox>
        </>
      ) : null}

      {step === 2 ? (
        <>
          <FieldBox id={fields.name.id} label="Brand name" errors={fields.name.errors}>
            {text("name")}
          </FieldBox>
          <FieldBox id={fields.description.id} label="About your store" errors={fields.description.errors} hint="In 50-250 words tell us about your store.">
            <textarea {...getTextareaProps(fields.description)} rows={6} className="field-input" />
          </FieldBox>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldBox id={fields.business_license_number.id} label="Business RC number (optional)" errors={fields.business_license_number.errors}>
              {text("business_license_number")}
            </FieldBox>
            <FieldBox id={fields.slug.id} label="Store address on the site (optional)" errors={fields.slug.errors} hint="Letters, numbers and dashes; made from the brand name when empty.">
              {text("slug")}
            </FieldBox>
          </div>
          <FieldBox id={fields.website.id} label="Website (optional)" errors={fields.website.errors}>
            {text("website", "url")}
          </FieldBox>
          <div className="grid gap-4 sm:grid-cols-2">
            {image("logo", "Logo (optional)")}
            {image("banner", "Banner (optional)")}
          </div>
        </>
      ) : null}

      {step === 3 ? (
        <>
          <FieldBox id={fields.facebook.id} label="Facebook link (optional)" errors={fields.facebook.errors}>
            {text("facebook", "url")}
          </FieldBox>
          <FieldBox id={fields.instagram.id} label="Instagram link (optional)" errors={fields.instagram.errors}>
            {text("instagram", "url")}
          </FieldBox>
          <FieldBox id={fields.x.id} label="X link (optional)" errors={fields.x.errors}>
            {text("x", "url")}
          </FieldBox>
          <div>
            <div className="flex items-start gap-2">
              <input
                {...getInputProps(fields.agreement, { type: "checkbox", value: "on" })}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                aria-describedby={fields.agreement.errors ? `${fields.agreement.id}-error` : undefined}
              />
              <label htmlFor={fields.agreement.id} className="text-sm text-gray-700">
                I agree to the{" "}
                <a href="/terms" className="text-brand-700 underline">
                  terms and conditions
                </a>
                .
              </label>
            </div>
            <ErrorList id={`${fields.agreement.id}-error`} errors={fields.agreement.errors} />
          </div>
        </>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
        {step > 1 ? (
          <button type="submit" name="intent" value={`goto-${step - 1}`} formNoValidate className="btn border border-gray-300 bg-white text-ink hover:bg-gray-50">
            Back
          </button>
        ) : (
          <span />
        )}
        <button type="submit" name="intent" value={step === 3 ? "create" : "next"} className={primaryButton} disabled={busy} data-testid="wizard-submit">
          {busy ? <Spinner /> : null}
          {step === 3 ? "Become a Vendor" : "Proceed"}
        </button>
      </div>
    </Form>
  );
}
