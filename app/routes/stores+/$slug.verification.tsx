/**
 * /stores/{slug}/verification — the store's business check (issue 36 item 1, decision 0032):
 * whether it is a Verified business, and if not why and what to send (each reason of
 * GET /stores/{id}/business-check/ with its advice), the registered name and status, the payout
 * limit while unverified, and for the owner a form that checks the CAC number with the registry
 * (POST; a plain form that works without JavaScript: the number typed is kept and its error shown
 * next to it; no conform, so the page's first view stays small). Members read it; the check is the owner's.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { VERIFY_CONTACT } from "~/domain/business-check-rules";
import { formatNaira } from "~/domain/money";
import { formatDate } from "~/i18n/dates";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { ApiBusinessCheck } from "~/storefront/api-types";
import { parseWithZod, RegistrationSchema } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  const check = await api.must(api.get<ApiBusinessCheck>(`/stores/${store.id}/business-check/`));
  const t = await requestT(request, "seller");
  return data({ slug: store.slug, isOwner, check, contact: VERIFY_CONTACT, title: t("verify.title") }, { headers: await api.headers() });
}

/** What the action answers: the number typed, and the message next to it or above the form. */
type CheckAnswer = { value: string; fieldError?: string; formError?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  if (form.get("intent") !== "check") throw unknownIntent();
  const t = await requestT(request, "seller");
  const value = String(form.get("registration_number") ?? "").slice(0, 100);
  const reply = (a: Omit<CheckAnswer, "value">, status: number) => data<CheckAnswer>({ value, ...a }, { status });
  if (!isOwner) return reply({ formError: t("verify.ownerOnly") }, 403);
  const submission = parseWithZod(form, { schema: RegistrationSchema });
  if (submission.status !== "success") return reply({ fieldError: t("verify.numberError") }, 400);
  const r = await api.post<ApiBusinessCheck>(`/stores/${store.id}/business-check/`, submission.value);
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) {
    const field = r.status === 400 && r.data && typeof r.data === "object" && "registration_number" in r.data;
    return reply(field ? { fieldError: t("verify.numberError") } : { formError: t("verify.failed") }, r.status >= 500 ? 502 : r.status === 404 ? 404 : 400);
  }
  // The outcome is on the page itself (GET after POST); the flash stays empty.
  return redirectWithFlash(api, `/stores/${store.slug}/verification`, null);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Verified business"} | BuildMart NG` }];

export default function VerificationRoute() {
  const { isOwner, check: c, contact } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CheckAnswer | undefined;
  const navigation = useNavigation();
  const { t } = useTranslation("seller");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "check";
  const params = { number: c.registration_number, registered: c.registered_name ?? "", status: c.registry_status ?? "", store: c.store_name, account: c.account_name ?? "" };
  const checkedAt = c.checked_at;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t("verify.title")}</h1>
      <p className="text-sm text-gray-700">{t("verify.intro")}</p>
      <section className="rounded-lg border border-gray-200 bg-white p-3" data-testid="verification-status" data-status={c.status} aria-live="polite">
        {c.verified ? (
          <div className="space-y-1">
            <p className="font-semibold text-green-800" data-testid="verified-business">
              ✓ {t("verify.verified")}
            </p>
            {c.verified_by === "admin" ? <p className="text-sm text-gray-700">{t("verify.byAdmin")}</p> : null}
          </div>
        ) : c.status === "pending" ? (
          <p className="text-sm text-amber-900">{t("verify.pending")}</p>
        ) : c.status === "not_verified" ? (
          <div>
            <p className="font-semibold text-red-800">{t("verify.notVerified")}</p>
            <ul className="mt-2 space-y-2" data-testid="verification-reasons">
              {c.reasons.map((r) => (
                <li key={r} className="rounded-md border border-red-100 bg-red-50 p-2 text-sm" data-reason={r}>
                  <p className="font-medium text-red-900">{t(`verify.reason.${r}`, params)}</p>
                  <p className="mt-1 text-gray-800">{t(`verify.send.${r}`, params)}</p>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-gray-700" data-testid="verification-send-to">
              {t("verify.sendTo", { email: contact })}
            </p>
          </div>
        ) : (
          <p className="text-sm text-gray-700">{t("verify.none")}</p>
        )}
        {c.registered_name || checkedAt ? (
          <dl className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-3">
            {c.registered_name ? (
              <div>
                <dt className="text-xs text-gray-600">{t("verify.registered")}</dt>
                <dd className="font-medium">{c.registered_name}</dd>
              </div>
            ) : null}
            {c.registry_status ? (
              <div>
                <dt className="text-xs text-gray-600">{t("verify.registryStatus")}</dt>
                <dd className="font-medium">{c.registry_status}</dd>
              </div>
            ) : null}
            {checkedAt ? (
              <div>
                <dt className="text-xs text-gray-600">{t("verify.lastChecked")}</dt>
                <dd className="font-medium">{formatDate(checkedAt, t)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>
      {c.payout_limit !== null ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="payout-limit">
          {t("verify.payoutLimit", { amount: formatNaira(c.payout_limit) })}
        </p>
      ) : null}
      {isOwner ? (
        <Form method="post" noValidate className="max-w-md space-y-3 rounded-lg border border-gray-200 bg-white p-3" data-testid="business-check-form">
          {answer?.formError ? (
            <p className="text-sm text-red-700" role="alert">
              {answer.formError}
            </p>
          ) : null}
          <div>
            <label htmlFor="business-check-number" className="block text-sm font-medium">
              {t("verify.number")}
            </label>
            <input
              id="business-check-number"
              name="registration_number"
              type="text"
              required
              maxLength={20}
              defaultValue={answer?.value ?? c.registration_number}
              autoComplete="off"
              placeholder="RC 1234567"
              aria-invalid={answer?.fieldError ? true : undefined}
              aria-describedby={answer?.fieldError ? "business-check-number-hint business-check-number-error" : "business-check-number-hint"}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2"
            />
            <p id="business-check-number-hint" className="mt-1 text-xs text-gray-600">
              {t("verify.numberHint")}
            </p>
            {answer?.fieldError ? (
              <p id="business-check-number-error" className="mt-1 text-sm text-red-700">
                {answer.fieldError}
              </p>
            ) : null}
          </div>
          <button type="submit" name="intent" value="check" className={primaryButton} disabled={busy}>
            {c.status === "none" ? t("verify.check") : t("verify.checkAgain")}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-gray-600">{t("verify.ownerOnly")}</p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
