/**
 * /stores/{slug}/payouts — the store's money (docs/payouts.md): balance (available to
 * pay out), pending (inside the return window), paid out, the ledger, the payout history, and
 * for the Owner the bank details form (bank from Paystack's list, account number) in two steps:
 * "Check with the bank" resolves the account through Paystack and asks "Is this you?" with the
 * name the bank gives (a warning when it is not the store owner's name); "Yes, this is my
 * account" saves it (with the confirmed name, so a different one is refused), "No, change the
 * details" goes back to the form with the typed values. Works without JavaScript (the typed
 * values travel in hidden fields).
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/ui/forms";
import { LedgerPager } from "~/components/ui/prev-next-pager";
import { primaryButton } from "~/components/ui/button";
import { BANK_ACCOUNT_CONSTRAINT } from "~/components/ui/constraints";
import { useLateModule, validateWith } from "~/components/ui/late-validation";
import { formatNaira } from "~/domain/money";
import { LEDGER_KIND_LABEL, maskedAccount, PAYOUT_STATUS_LABEL } from "~/domain/payout-rules";
import type { ApiBankAccountAnswer, ApiBankAccountResolved, ApiBankList, ApiLedgerPage, ApiPayoutPage } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { BankAccountConfirmSchema, BankAccountSchema, parseWithZod } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const [ledger, payouts, bank, banks] = await Promise.all([
    api.must(api.get<ApiLedgerPage>(`/stores/${store.id}/ledger/?page=${page}&page_size=20`)),
    api.must(api.get<ApiPayoutPage>(`/stores/${store.id}/payouts/?page_size=20`)),
    isOwner ? api.get<ApiBankAccountAnswer>(`/stores/${store.id}/bank-account/`) : null,
    isOwner ? api.get<ApiBankList>("/payouts/banks/") : null,
  ]);
  return data(
    {
      store: { id: store.id, name: store.name, slug: store.slug },
      isOwner,
      page,
      ledger,
      payouts: payouts.results,
      bankAccount: bank?.ok ? bank.data.bank_account : null,
      banks: banks?.ok ? banks.data.results : null,
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  if (!isOwner) throw new Response("Not Found", { status: 404 });
  const form = await readForm(request);
  const intent = form.get("intent");
  const fields = ["bank_code", "account_number"];
  if (intent === "change") {
    // Back from "Is this you?" to the form, with what was typed.
    const typed = (k: string) => String(form.get(k) ?? "").slice(0, 20);
    return data({ step: "edit" as const, typed: { bank_code: typed("bank_code"), account_number: typed("account_number") } });
  }
  if (intent === "resolve") {
    const submission = parseWithZod(form, { schema: BankAccountSchema });
    if (submission.status !== "success") return data({ step: "edit" as const, reply: submission.reply() }, { status: 400 });
    const r = await api.post<ApiBankAccountResolved>(`/stores/${store.id}/bank-account/resolve/`, submission.value);
    if (r.status === 404) throw new Response("Not Found", { status: 404 });
    if (!r.ok)
      return data(
        { step: "edit" as const, reply: submission.reply(apiErrorsToReply(r.status, r.data, fields, "The bank could not check these details. Please try again.")) },
        { status: r.status === 400 ? 400 : 502 },
      );
    return data({ step: "confirm" as const, resolved: r.data, account_number: submission.value.account_number });
  }
  if (intent !== "bank") throw unknownIntent();
  const submission = parseWithZod(form, { schema: BankAccountConfirmSchema });
  if (submission.status !== "success") return data({ step: "edit" as const, reply: submission.reply() }, { status: 400 });
  const r = await api.put<ApiBankAccountAnswer>(`/stores/${store.id}/bank-account/`, submission.value);
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok || !r.data.bank_account)
    return data(
      { step: "edit" as const, reply: submission.reply(apiErrorsToReply(r.status, r.data, fields, "The bank details could not be saved. Please try again.")) },
      { status: r.status === 400 ? 400 : 502 },
    );
  const a = r.data.bank_account;
  return redirectWithFlash(api, `/stores/${store.slug}/payouts`, {
    kind: "success",
    message: `Bank details saved: ${a.account_name}, ${a.bank_name} ${maskedAccount(a.account_last4)}.`,
  });
}

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-NG", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Africa/Lagos" });
const date = (iso: string) => new Date(iso).toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" });

function Money({ label, value, hint, testId }: { label: string; value: number; hint: string; testId: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-xl font-bold" data-testid={testId}>
        {formatNaira(value)}
      </dd>
      <dd className="mt-1 text-xs text-gray-500">{hint}</dd>
    </div>
  );
}

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  success: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  reversed: "bg-red-100 text-red-900",
};

/** "Is this you?": the name the bank gives, a warning when it is not the owner's, confirm or change. */
function ConfirmAccount({ resolved, accountNumber }: { resolved: ApiBankAccountResolved; accountNumber: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "bank";
  return (
    <div className="mt-3 space-y-3 rounded-md border border-orange-200 bg-brand-50 p-3" data-testid="bank-confirm">
      <h3 className="text-base font-semibold" id="bank-confirm-heading">
        Is this you?
      </h3>
      <p className="text-sm">
        {resolved.bank_name} says account {maskedAccount(resolved.account_last4)} belongs to:
      </p>
      <p className="text-lg font-bold wrap-anywhere" data-testid="resolved-name">
        {resolved.account_name}
      </p>
      {resolved.name_matches ? null : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 wrap-anywhere" data-testid="name-warning">
          This is not the store owner&apos;s name{resolved.owner_name ? ` (${resolved.owner_name})` : ""}. Payouts go to whoever holds this account: confirm only if
          it really is the store&apos;s account.
        </p>
      )}
      <Form method="post" className="flex flex-wrap gap-2" aria-labelledby="bank-confirm-heading">
        <input type="hidden" name="bank_code" value={resolved.bank_code} />
        <input type="hidden" name="account_number" value={accountNumber} />
        <input type="hidden" name="confirm_account_name" value={resolved.account_name} />
        <button type="submit" name="intent" value="bank" className={primaryButton} disabled={saving}>
          {saving ? "Saving…" : "Yes, this is my account"}
        </button>
        <button type="submit" name="intent" value="change" className="btn-outline px-3">
          No, change the details
        </button>
      </Form>
    </div>
  );
}

// zod and the schema load at the form's first focus (components/ui/late-validation.ts).
const loadValidators = () => import("~/components/vendor/validators");

function BankForm({ banks, current }: { banks: { code: string; name: string }[] | null; current: ReturnType<typeof useLoaderData<typeof loader>>["bankAccount"] }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.step === "edit" && "reply" in actionData ? actionData.reply : undefined;
  const confirming = actionData?.step === "confirm" ? actionData : null;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "resolve";
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
        Bank details for payouts
      </h2>
      {current ? (
        <p className="mt-1 text-sm" data-testid="bank-current">
          Payouts go to <strong>{current.account_name}</strong>, {current.bank_name} {maskedAccount(current.account_last4)}.
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-600">Add the account your payouts should go to. We check it with the bank and show you the name on it before saving.</p>
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
              Bank
            </label>
            <select {...getSelectProps(fields.bank_code)} className="field-input" aria-invalid={fields.bank_code.errors ? true : undefined}>
              <option value="">Choose your bank</option>
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
              Account number
            </label>
            <input {...getInputProps(fields.account_number, { type: "text" })} inputMode="numeric" autoComplete="off" maxLength={14} className="field-input" />
            <p className="mt-1 text-xs text-gray-500">10 digits (NUBAN). The account name comes from your bank.</p>
            <ErrorList id={fields.account_number.errorId} errors={fields.account_number.errors} />
          </div>
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? "Checking with the bank…" : "Check with the bank"}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-red-800" role="alert">
          The list of banks could not be loaded from Paystack just now. Please try again in a few minutes.
        </p>
      )}
    </section>
  );
}

export default function StorePayouts() {
  const { store, isOwner, page, ledger, payouts, bankAccount, banks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new form state for each step: back from "Is this you?", the form starts with what was typed.
  const bankStep = actionData?.step === "confirm" ? "confirm" : actionData && "typed" in actionData ? "changed" : "form";
  const pages = Math.max(1, Math.ceil(ledger.count / 20));
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold sm:text-2xl">Payouts</h1>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Money label="Available balance" value={ledger.balance} hint="Ready to be paid out to your bank." testId="balance" />
        <Money label="Pending" value={ledger.pending} hint={`Delivered, inside the ${ledger.return_window_days}-day return window.`} testId="pending" />
        <Money label="Paid out" value={ledger.paid_out} hint="Sent to your bank." testId="paid-out" />
      </dl>
      <p className="text-sm text-gray-600">
        Each delivered item earns its price less the marketplace commission of {ledger.commission_percent}%. It becomes available {ledger.return_window_days} days after
        delivery; refunds are taken back from it.
      </p>

      {isOwner ? <BankForm key={bankStep} banks={banks} current={bankAccount} /> : null}

      <section aria-labelledby="payouts-heading">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payout history
        </h2>
        {payouts.length ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="payout-history">
            {payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">{formatNaira(p.amount)}</p>
                  <p className="text-xs text-gray-600 break-all">
                    {p.bank_name} {maskedAccount(p.account_last4)} · {dateTime(p.created_at)} · ref {p.reference}
                  </p>
                  {p.failure_reason ? <p className="text-xs text-red-800">{p.failure_reason}</p> : null}
                </div>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[p.status]}`} data-testid="payout-status">
                  {PAYOUT_STATUS_LABEL[p.status]}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">No payouts yet.</p>
        )}
      </section>

      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="text-lg font-semibold">
          Ledger
        </h2>
        {ledger.results.length ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="ledger">
            {ledger.results.map((e) => (
              <li key={e.id} className="flex items-start justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {LEDGER_KIND_LABEL[e.kind]}: <span className="break-words">{e.description}</span>
                  </p>
                  <p className="text-xs text-gray-600">
                    {date(e.created_at)}
                    {e.kind === "sale" ? (e.available ? " · available" : ` · available from ${date(e.available_at)}`) : ""}
                  </p>
                </div>
                <span className={`shrink-0 font-semibold ${e.amount < 0 ? "text-red-800" : "text-green-800"}`}>
                  {e.amount < 0 ? "−" : "+"}
                  {formatNaira(Math.abs(e.amount))}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">Nothing yet: delivered orders show up here.</p>
        )}
        <LedgerPager page={page} pages={pages} hrefFor={(p) => `/stores/${store.slug}/payouts?page=${p}`} label="Ledger pages" />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Payouts | BuildMart NG" }];

export { GeneralErrorBoundary as ErrorBoundary };
