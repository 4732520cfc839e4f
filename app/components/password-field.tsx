import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorList } from "./ui/forms";
import { useHydrated } from "./ui/use-hydrated";
import { type ReplyField, inputProps } from "~/components/ui/reply-form";

/**
 * A password input (always `type="password"`, so password managers, screen readers and browsers
 * treat it as one) with a Show/Hide toggle that exists only once JavaScript runs: without
 * JavaScript there is no toggle. The toggle is a button outside the form data (no name).
 */
export function PasswordField({
  label,
  field,
  autoComplete,
  hint,
}: {
  label: string;
  field: ReplyField;
  autoComplete: "current-password" | "new-password";
  /** A rule shown under the input (tied to it by aria-describedby): where a new password is typed, `account:password_hint`. */
  hint?: string;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const { t } = useTranslation("account");
  const props = inputProps(field, { type: "password" });
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          {...props}
          aria-describedby={describedBy}
          type={hydrated && shown ? "text" : "password"}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`field-input ${hydrated ? "pr-16" : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-sm font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-controls={field.id}
            aria-pressed={shown}
            onClick={() => setShown((v) => !v)}
            data-testid={`${field.name}-toggle`}
          >
            {shown ? t("hide") : t("show")}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500" data-testid={hintId}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
