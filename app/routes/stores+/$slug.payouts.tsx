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
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LedgerPager } from "~/components/ui/prev-next-pager";
import { formatNaira } from "~/domain/money";
import { COMMISSION_CONTACT, LEDGER_KIND_LABEL, maskedAccount, PAYOUT_STATUS_LABEL } from "~/domain/payout-rules";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation, type TFunction } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import type { ApiBankAccountAnswer, ApiBankAccountResolved, ApiBankList, ApiLedgerPage, ApiPayoutPage } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { BankAccountConfirmSchema, BankAccountSchema, parseWithZod } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { island, islandsLoader } from "~/components/ui/island";
import { formatDate } from "~/i18n/dates";

/** The forms and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const BankForm = island(() => import("~/components/vendor/bank-form").then((m) => ({ default: m.BankForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(BankForm);

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
      title: (await requestT(request, "seller"))("payouts.title"),
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
  const t = await requestT(request, "seller");
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
        { step: "edit" as const, reply: submission.reply(apiErrorsToReply(r.status, r.data, fields, t("payouts.checkFailed"))) },
        { status: r.status === 400 || r.status === 429 ? r.status : 502 },
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
      { step: "edit" as const, reply: submission.reply(apiErrorsToReply(r.status, r.data, fields, t("payouts.saveFailed"))) },
      { status: r.status === 400 || r.status === 429 ? r.status : 502 },
    );
  const a = r.data.bank_account;
  return redirectWithFlash(api, `/stores/${store.slug}/payouts`, {
    kind: "success",
    message: t("payouts.bankSaved", { name: a.account_name, bank: a.bank_name, account: maskedAccount(a.account_last4) }),
  });
}

/** A ledger line's or payout's words (seller:payouts.kind / .state), the domain's English for one they do not know. */
const kindLabel = (t: TFunction, kind: string) => (kind in LEDGER_KIND_LABEL ? t(`payouts.kind.${kind}`) : kind);
const stateLabel = (t: TFunction, state: string) => (state in PAYOUT_STATUS_LABEL ? t(`payouts.state.${state}`) : state);

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



export default function StorePayouts() {
  const { store, isOwner, page, ledger, payouts, bankAccount, banks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new form state for each step: back from "Is this you?", the form starts with what was typed.
  const bankStep = actionData?.step === "confirm" ? "confirm" : actionData && "typed" in actionData ? "changed" : "form";
  const pages = Math.max(1, Math.ceil(ledger.count / 20));
  const { t } = useTranslation("seller");
  const dateTime = (iso: string) => formatDate(iso, t, "dateTime");
  const date = (iso: string) => formatDate(iso, t, "date");
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t("payouts.title")}</h1>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Money
          label={t("payouts.available")}
          value={Math.max(0, ledger.balance)}
          hint={ledger.owed > 0 ? t("payouts.owesHint") : t("payouts.readyHint")}
          testId="balance"
        />
        <Money label={t("payouts.pending")} value={ledger.pending} hint={t("payouts.pendingHint", { days: ledger.return_window_days })} testId="pending" />
        <Money label={t("payouts.paidOut")} value={ledger.paid_out} hint={t("payouts.paidOutHint")} testId="paid-out" />
      </dl>
      {ledger.owed > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="owed">
          <Trans
            t={t}
            i18nKey="payouts.owed"
            values={{ amount: formatNaira(ledger.owed), contact: COMMISSION_CONTACT }}
            components={{ b: <strong />, mail: <a href={`mailto:${COMMISSION_CONTACT}`} className="font-semibold underline" /> }}
          />
        </p>
      ) : null}
      <section aria-labelledby="money-heading" className="rounded-lg border border-gray-200 bg-white p-3 text-sm">
        <h2 id="money-heading" className="font-semibold">
          {t("payouts.money")}
        </h2>
        <dl className="mt-2 space-y-1" data-testid="money-summary">
          <div className="flex justify-between gap-2">
            <dt>{t("payouts.sales")}</dt>
            <dd>{formatNaira(ledger.sales)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>{t("payouts.commission", { percent: ledger.commission_percent })}</dt>
            <dd className="whitespace-nowrap">−{formatNaira(ledger.commission)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>{t("payouts.cash")}</dt>
            <dd className="whitespace-nowrap" data-testid="cash-collected">−{formatNaira(ledger.cash_collected)}</dd>
          </div>
          {ledger.settled > 0 ? (
            <div className="flex justify-between gap-2">
              <dt>{t("payouts.settled")}</dt>
              <dd>+{formatNaira(ledger.settled)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-2 text-gray-600">
          {t("payouts.explain", { percent: ledger.commission_percent, days: ledger.return_window_days })}
        </p>
      </section>

      {isOwner ? <BankForm key={bankStep} banks={banks} current={bankAccount} /> : null}

      <section aria-labelledby="payouts-heading">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          {t("payouts.history")}
        </h2>
        {payouts.length ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="payout-history">
            {payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">{formatNaira(p.amount)}</p>
                  <p className="text-xs text-gray-600 break-all">
                    {p.bank_name} {maskedAccount(p.account_last4)} · {dateTime(p.created_at)} · {t("payouts.ref", { reference: p.reference })}
                  </p>
                  {p.failure_reason ? <p className="text-xs text-red-800">{p.failure_reason}</p> : null}
                </div>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[p.status]}`} data-testid="payout-status">
                  {stateLabel(t, p.status)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t("payouts.noPayouts")}</p>
        )}
      </section>

      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="text-lg font-semibold">
          {t("payouts.ledger")}
        </h2>
        {ledger.results.length ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="ledger">
            {ledger.results.map((e) => (
              <li key={e.id} className="flex items-start justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {kindLabel(t, e.kind)}: <span className="break-words">{e.description}</span>
                  </p>
                  <p className="text-xs text-gray-600">
                    {date(e.created_at)}
                    {!e.available ? ` · ${t("payouts.availableFrom", { date: date(e.available_at) })}` : ""}
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
          <p className="mt-2 text-sm text-gray-600">{t("payouts.noLedger")}</p>
        )}
        <LedgerPager page={page} pages={pages} hrefFor={(p) => `/stores/${store.slug}/payouts?page=${p}`} label={t("payouts.ledgerPages")} />
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Payouts"} | BuildMart NG` }];

export { GeneralErrorBoundary as ErrorBoundary };
