/**
 * /stores/{slug}/verification — the store's business check (issue 36 item 1, decision 0032):
 * whether it is a Verified business, and if not why and what to send (each reason of
 * GET /stores/{id}/business-check/ with its advice), the registered name and status, the payout
 * limit while unverified, and for the owner a form that checks the CAC number with the registry
 * (POST; a plain form that works without JavaScript: the number typed is kept and its error shown
 * next to it). Members read it; the check is the owner's.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { Field } from "~/components/ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "~/components/ui/reply-form";
import { VERIFY_CONTACT, type CheckReason } from "~/domain/business-check-rules";
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
  return data({ slug: store.slug, isOwner, check, title: t("verify.title") }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  if (form.get("intent") !== "check") throw unknownIntent();
  const t = await requestT(request, "seller");
  const submission = parseWithZod(form, { schema: RegistrationSchema });
  if (!isOwner) return data({ result: submission.reply({ formErrors: [t("verify.ownerOnly")] }) as Reply }, { status: 403, headers: await api.headers() });
  if (submission.status !== "success")
    return data({ result: submission.reply({ fieldErrors: { registration_number: [t("verify.numberError")] } }) as Reply }, { status: 400, headers: await api.headers() });
  const r = await api.post<ApiBusinessCheck>(`/stores/${store.id}/business-check/`, submission.value);
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) {
    const field = r.status === 400 && r.data && typeof r.data === "object" && "registration_number" in r.data;
    return data(
      { result: submission.reply(field ? { fieldErrors: { registration_number: [t("verify.numberError")] } } : { formErrors: [t("verify.failed")] }) as Reply },
      { status: r.status >= 500 ? 502 : r.status === 404 ? 404 : 400, headers: await api.headers() },
    );
  }
  // The outcome is on the page itself (GET after POST); the flash stays empty.
  return redirectWithFlash(api, `/stores/${store.slug}/verification`, null);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Verified business"} | BuildMart NG` }];

export default function VerificationRoute() {
  const { isOwner, check: c } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("seller");
  const [form, fields] = useReplyForm({
    id: "business-check",
    lastResult: answer?.result,
    constraint: { registration_number: { required: true, maxLength: 20 } },
    defaultValue: { registration_number: c.registration_number },
  });
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
              {c.reasons.map((r: CheckReason) => (
                <li key={r} className="rounded-md border border-red-100 bg-red-50 p-2 text-sm" data-reason={r}>
                  <p className="font-medium text-red-900">{t(`verify.reason.${r}`, params)}</p>
                  <p className="mt-1 text-gray-800">{t(`verify.send.${r}`, params)}</p>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-gray-700" data-testid="verification-send-to">
              {t("verify.sendTo", { email: VERIFY_CONTACT })}
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
        <Form method="post" {...formProps(form)} className="max-w-md space-y-3 rounded-lg border border-gray-200 bg-white p-3" data-testid="business-check-form">
          {form.errors?.length ? (
            <p className="text-sm text-red-700" role="alert">
              {form.errors.join(" ")}
            </p>
          ) : null}
          <Field
            labelProps={{ children: t("verify.number") }}
            inputProps={{ ...inputProps(fields.registration_number, { type: "text" }), autoComplete: "off", placeholder: "RC 1234567" }}
            errors={fields.registration_number.errors}
            hint={t("verify.numberHint")}
          />
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
