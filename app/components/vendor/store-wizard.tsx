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
import { useTranslation, type TFunction } from "~/i18n/react";
import { Trans } from "~/i18n/trans";

export type WizardValues = Partial<Record<(typeof STORE_WIZARD_TEXT_FIELDS)[number], string>>;

export const WIZARD_FORM_ID = "create-store";
const loadValidators = () => import("./validators");

/** A step's name in the page's language (`seller:wizard.contact`, `.brand`, `.socials`). */
const STEP_KEYS = { 1: "wizard.contact", 2: "wizard.brand", 3: "wizard.socials" } as const;
const stepName = (t: TFunction, n: StoreWizardStep) => t(STEP_KEYS[n]);

function StepIndicator({ step }: { step: StoreWizardStep }) {
  const { t } = useTranslation("seller");
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label={t("wizard.steps")}>
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
              aria-label={t(done ? "wizard.stepDone" : "wizard.stepLabel", { n: s.n, label: stepName(t, s.n) })}
              data-testid={`wizard-step-${s.n}`}
              className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                current ? "border-brand-700 bg-brand-700 text-white" : done ? "border-brand-700 bg-brand-50 text-brand-700" : "border-gray-300 bg-white text-gray-600"
              }`}
            >
              {s.n}
            </button>
            <span className={`text-sm ${current ? "font-semibold text-ink" : "text-gray-600"}`}>{stepName(t, s.n)}</span>
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
  const { t } = useTranslation("seller");
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
      <FieldBox id={meta.id} label={label} errors={errors} hint={t("wizard.imageHint")}>
        {url ? (
          <div className="mb-2 flex items-center gap-3" data-testid={`${f}-preview`}>
            <img src={url} alt={t(f === "logo" ? "wizard.logoAlt" : "wizard.bannerAlt")} className={f === "logo" ? "h-16 w-16 rounded-full border object-cover" : "h-16 w-40 rounded border object-cover"} />
            <span className="text-xs text-gray-600">{t("wizard.uploaded")}</span>
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
        {t("wizard.proceed")}
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

      <h2 className="text-lg font-semibold">{stepName(t, step)}</h2>
      {step === 1 ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldBox id={fields.firstName.id} label={t("wizard.firstName")} errors={fields.firstName.errors}>
              {text("firstName")}
            </FieldBox>
            <FieldBox id={fields.lastName.id} label={t("wizard.lastName")} errors={fields.lastName.errors}>
              {text("lastName")}
            </FieldBox>
          </div>
          <FieldBox id={fields.email.id} label={t("wizard.email")} errors={fields.email.errors}>
            {text("email", "email")}
          </FieldBox>
          <FieldBox id={fields.phone.id} label={t("wizard.phone")} errors={fields.phone.errors} hint={t("wizard.phoneHint")}>
            {text("phone", "tel")}
          </FieldBox>
          <FieldBox id={fields.address.id} label={t("wizard.address")} errors={fields.address.errors}>
            {text("address")}
          </FieldBox>
          <FieldBox id={fields.state.id} label={t("wizard.state")} errors={fields.state.errors} hint={t("wizard.stateHint")}>
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
          <FieldBox id={fields.name.id} label={t("wizard.name")} errors={fields.name.errors}>
            {text("name")}
          </FieldBox>
          <FieldBox id={fields.description.id} label={t("wizard.description")} errors={fields.description.errors} hint={t("wizard.descriptionHint")}>
            <textarea {...getTextareaProps(fields.description)} rows={6} className="field-input" />
          </FieldBox>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldBox id={fields.business_license_number.id} label={t("wizard.rc")} errors={fields.business_license_number.errors}>
              {text("business_license_number")}
            </FieldBox>
            <FieldBox id={fields.slug.id} label={t("wizard.slug")} errors={fields.slug.errors} hint={t("wizard.slugHint")}>
              {text("slug")}
            </FieldBox>
          </div>
          <FieldBox id={fields.website.id} label={t("wizard.website")} errors={fields.website.errors}>
            {text("website", "url")}
          </FieldBox>
          <div className="grid gap-4 sm:grid-cols-2">
            {image("logo", t("wizard.logo"))}
            {image("banner", t("wizard.banner"))}
          </div>
        </>
      ) : null}

      {step === 3 ? (
        <>
          <FieldBox id={fields.facebook.id} label={t("wizard.facebook")} errors={fields.facebook.errors}>
            {text("facebook", "url")}
          </FieldBox>
          <FieldBox id={fields.instagram.id} label={t("wizard.instagram")} errors={fields.instagram.errors}>
            {text("instagram", "url")}
          </FieldBox>
          <FieldBox id={fields.x.id} label={t("wizard.x")} errors={fields.x.errors}>
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
                <Trans t={t} i18nKey="wizard.agree" components={{ lnk: <a href="/terms" className="text-brand-700 underline" /> }} />
              </label>
            </div>
            <ErrorList id={`${fields.agreement.id}-error`} errors={fields.agreement.errors} />
          </div>
        </>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
        {step > 1 ? (
          <button type="submit" name="intent" value={`goto-${step - 1}`} formNoValidate className="btn border border-gray-300 bg-white text-ink hover:bg-gray-50">
            {t("wizard.back")}
          </button>
        ) : (
          <span />
        )}
        <button type="submit" name="intent" value={step === 3 ? "create" : "next"} className={primaryButton} disabled={busy} data-testid="wizard-submit">
          {busy ? <Spinner /> : null}
          {step === 3 ? t("wizard.create") : t("wizard.proceed")}
        </button>
      </div>
    </Form>
  );
}
