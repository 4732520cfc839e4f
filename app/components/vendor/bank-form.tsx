/**
 * The store owner's bank account on the payouts page: the form (conform; the domain's schema in the
 * browser once ./validators.ts has loaded at the form's first focus), then "Is this you?" with the
 * name the bank gives. Fetched on demand by the page (../ui/island.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ErrorList } from "../ui/forms";
import { primaryButton } from "../ui/button";
import { BANK_ACCOUNT_CONSTRAINT } from "../ui/constraints";
import { useLateModule, validateWith } from "../ui/late-validation";
import { maskedAccount } from "~/domain/payout-rules";
import type { ApiBankAccountAnswer, ApiBankAccountResolved } from "~/storefront/api-types";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";

/** "Is this you?": the name the bank gives, a warning when it is not the owner's, confirm or change. */
export function ConfirmAccount({ resolved, accountNumber }: { resolved: ApiBankAccountResolved; accountNumber: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "bank";
  const { t } = useTranslation("seller");
  return (
    <div className="mt-3 space-y-3 rounded-md border border-orange-200 bg-brand-50 p-3" data-testid="bank-confirm">
      <h3 className="text-base font-semibold" id="bank-confirm-heading">
        {t("payouts.bank.isThisYou")}
      </h3>
      <p className="text-sm">
        {t("payouts.bank.belongs", { bank: resolved.bank_name, account: maskedAccount(resolved.account_last4) })}
      </p>
      <p className="text-lg font-bold wrap-anywhere" data-testid="resolved-name">
        {resolved.account_name}
      </p>
      {resolved.name_matches ? null : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 wrap-anywhere" data-testid="name-warning">
          {t("payouts.bank.notOwner", { owner: resolved.owner_name ? ` (${resolved.owner_name})` : "" })}
        </p>
      )}
      <Form method="post" className="flex flex-wrap gap-2" aria-labelledby="bank-confirm-heading">
        <input type="hidden" name="bank_code" value={resolved.bank_code} />
        <input type="hidden" name="account_number" value={accountNumber} />
        <input type="hidden" name="confirm_account_name" value={resolved.account_name} />
        <button type="submit" name="intent" value="bank" className={primaryButton} disabled={saving}>
          {saving ? t("payouts.bank.saving") : t("payouts.bank.yes")}
        </button>
        <button type="submit" name="intent" value="change" className="btn-outline px-3">
          {t("payouts.bank.change")}
        </button>
      </Form>
    </div>
  );
}

// zod and the schemas load at a form's first focus (../ui/late-validation.ts).
const loadValidators = () => import("./validators");

/** What the payouts page's action answers for the bank form (routes/stores+/$slug.payouts.tsx). */
export type BankActionData =
  | { step: "edit"; typed: { bank_code: string; account_number: string } }
  | { step: "edit"; reply: SubmissionResult<string[]> }
  | { step: "confirm"; resolved: ApiBankAccountResolved; account_number: string };

export function BankForm({ banks, current }: { banks: { code: string; name: string }[] | null; current: ApiBankAccountAnswer["bank_account"] | null }) {
  const actionData = useActionData() as BankActionData | undefined;
  const lastResult = actionData?.step === "edit" && "reply" in actionData ? actionData.reply : undefined;
  const confirming = actionData?.step === "confirm" ? actionData : null;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "resolve";
  const { t } = useTranslation("seller");
  const validators = useLateModule("bank-account", loadValidators);
  const [form, fields] = useForm({
    id: "bank-account",
    lastResult,
    // Back from "Is this you?": the form (mounted anew) starts with what was typed.
    defaultValue: actionData && "typed" in actionData ? actionData.typed : { bank_code: current?.bank_code ?? "", account_number: "" },
    constraint: BANK_ACCOUNT_CONSTRAINT,
    ...validateWith(validators?.validateBankAccount, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="bank-heading">
      <h2 id="bank-heading" className="text-lg font-semibold">
        {t("payouts.bank.heading")}
      </h2>
      {current ? (
        <p className="mt-1 text-sm" data-testid="bank-current">
          <Trans t={t} i18nKey="payouts.bank.current" values={{ name: current.account_name, bank: current.bank_name, account: maskedAccount(current.account_last4) }} components={{ b: <strong /> }} />
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-600">{t("payouts.bank.add")}</p>
      )}
      {confirming ? (
        <ConfirmAccount resolved={confirming.resolved} accountNumber={confirming.account_number} />
      ) : banks ? (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="resolve" />
          {form.errors?.length ? (
            <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {form.errors[0]}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.bank_code.id} className="field-label">
              {t("payouts.bank.bank")}
            </label>
            <select {...getSelectProps(fields.bank_code)} className="field-input" aria-invalid={fields.bank_code.errors ? true : undefined}>
              <option value="">{t("payouts.bank.choose")}</option>
              {banks.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.bank_code.errorId} errors={fields.bank_code.errors} />
          </div>
          <div>
            <label htmlFor={fields.account_number.id} className="field-label">
              {t("payouts.bank.number")}
            </label>
            <input {...getInputProps(fields.account_number, { type: "text" })} inputMode="numeric" autoComplete="off" maxLength={14} className="field-input" />
            <p className="mt-1 text-xs text-gray-500">{t("payouts.bank.numberHint")}</p>
            <ErrorList id={fields.account_number.errorId} errors={fields.account_number.errors} />
          </div>
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? t("payouts.bank.checking") : t("payouts.bank.check")}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-red-800" role="alert">
          {t("payouts.bank.noBanks")}
        </p>
      )}
    </section>
  );
}
