/**
 * Generic form pieces: a labelled field with its errors under it, an error list, and a banner
 * for form-level errors. They render on the server, so messages show with JavaScript off too.
 * Pass `inputProps(field, …)` (./reply-form.ts) or conform's `getInputProps` as inputProps: it sets id, name, aria-invalid and
 * aria-describedby (= `${id}-error`, the id ErrorList gets here).
 */
import { useTranslation } from "~/i18n/react";
import { useEffect, useState, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

export { ErrorList, type ListOfErrors } from "./error-list";
import { ErrorList, useFormMessage, type ListOfErrors } from "./error-list";

export function Field({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
}: {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
}) {
  const errorId = `${inputProps.id}-error`;
  const invalid = !!errors?.some(Boolean);
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className="field-label" {...labelProps} />
      <input
        {...inputProps}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : inputProps["aria-describedby"]}
        className={`field-input ${inputProps.className ?? ""}`}
      />
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  labelProps,
  inputProps,
  errors,
}: {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  errors?: ListOfErrors;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input {...inputProps} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
        <label htmlFor={inputProps.id} className="text-sm text-gray-700" {...labelProps} />
      </div>
      <ErrorList id={`${inputProps.id}-error`} errors={errors} />
    </div>
  );
}

/**
 * Form-level errors (the API's non_field_errors and other failures) as a red banner; with
 * JavaScript it can be dismissed (spec section 8). `id` ties it to the form's aria-describedby.
 */
export function FormErrors({ id, errors, children }: { id?: string; errors?: ListOfErrors; children?: ReactNode }) {
  const say = useFormMessage();
  const { t } = useTranslation();
  const list = (errors ?? []).filter((e): e is string => !!e).map(say);
  const [dismissed, setDismissed] = useState(false);
  const hydrated = useHydrated();
  // A new answer (even with the same text) shows the banner again.
  useEffect(() => setDismissed(false), [errors]);
  if (!list.length || dismissed) return null;
  return (
    <div id={id} role="alert" className="mb-4 flex items-start gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      <div className="flex-1">
        <p>{list.join(" ")}</p>
        {children}
      </div>
      {hydrated ? (
        <button type="button" onClick={() => setDismissed(true)} className="-m-1 rounded px-2 py-1 text-red-700 hover:bg-red-100" aria-label={t("dismiss")}>
          ×
        </button>
      ) : null}
    </div>
  );
}
