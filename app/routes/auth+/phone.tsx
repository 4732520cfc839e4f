/**
 * /auth/phone — sign in (or sign up) with a phone number: number → 6-digit code by SMS → signed
 * in. Two plain forms that work with JavaScript off; the step comes from the action's
 * answer. The session is set as for e-mail login (startUserSession).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { AuthShell, SubmitButton } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PHONE_REQUEST_CONSTRAINT, PHONE_VERIFY_CONSTRAINT } from "~/components/phone-constraints";
import { Field, FormErrors } from "~/components/ui/forms";
import { useFormMessage } from "~/components/ui/error-list";
import { formProps, inputProps, useReplyForm, type Reply } from "~/components/ui/reply-form";
import { localPhone, PHONE_MESSAGES } from "~/domain/phone-rules";
import { log } from "~/ops/logger.server";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { parseWithZod, PhoneCodeRequestSchema, PhoneCodeVerifySchema } from "~/storefront/forms.server";
import { assertSameOrigin, startUserSession, type LoginAnswer } from "~/storefront/login.server";
import { readForm } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/session.server";
import { requestT } from "~/i18n/i18next.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const api = await apiFor(request, context);
  if (api.user) throw redirect(redirectTo || "/");
  const t = await requestT(request, "account");
  return { redirectTo, title: t("titles.phone") };
}

type Answer = { step: "phone"; result: Reply } | { step: "code"; phone: string; sent: boolean; result: Reply | null };

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const api = await apiFor(request, context);
  if (formData.get("intent") === "verify") {
    const submission = parseWithZod(formData, { schema: PhoneCodeVerifySchema });
    const phone = String(formData.get("phone") ?? "");
    if (submission.status !== "success") return data<Answer>({ step: "code", phone, sent: false, result: submission.reply() }, { status: 400 });
    let r;
    try {
      r = await api.post<LoginAnswer>("/users/auth/phone/verify/", submission.value, { auth: false });
    } catch (e) {
      log().error({ err: e, requestId: context.requestId }, "phone sign-in: API unreachable");
      return data<Answer>({ step: "code", phone, sent: false, result: submission.reply({ formErrors: ["Network Error"] }) }, { status: 503 });
    }
    if (r.ok) return startUserSession(api, request, r.data, redirectTo);
    // The API names the code field "code" (which apiErrorsToReply treats as an error code).
    const body = (r.data ?? {}) as Record<string, unknown>;
    const codeErrors = Array.isArray(body.code) ? body.code.filter((m): m is string => typeof m === "string") : [];
    const rest = apiErrorsToReply(r.status, body, ["phone", "first_name"]);
    const fieldErrors = codeErrors.length ? { ...rest.fieldErrors, code: codeErrors } : rest.fieldErrors;
    const formErrors = codeErrors.length && rest.formErrors[0]?.startsWith("Request failed") ? [] : rest.formErrors;
    return data<Answer>({ step: "code", phone, sent: false, result: submission.reply({ formErrors, fieldErrors, resetForm: false }) }, { status: r.status === 429 ? 429 : 400 });
  }
  const submission = parseWithZod(formData, { schema: PhoneCodeRequestSchema });
  if (submission.status !== "success") return data<Answer>({ step: "phone", result: submission.reply() }, { status: 400 });
  let r;
  try {
    r = await api.post("/users/auth/phone/request/", { phone: submission.value.phone, purpose: "login" }, { auth: false });
  } catch (e) {
    log().error({ err: e, requestId: context.requestId }, "phone sign-in: API unreachable");
    return data<Answer>({ step: "phone", result: submission.reply({ formErrors: ["Network Error"] }) }, { status: 503 });
  }
  if (!r.ok) return data<Answer>({ step: "phone", result: submission.reply(apiErrorsToReply(r.status, r.data, ["phone"])) }, { status: r.status === 429 ? 429 : 400 });
  return data<Answer>({ step: "code", phone: submission.value.phone, sent: true, result: null });
}

export default function PhoneSignInRoute() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <AuthShell title={t("phone_title")}>
      {answer?.step === "code" ? (
        <CodeForm phone={answer.phone} sent={answer.sent} lastResult={answer.result} redirectTo={redirectTo} />
      ) : (
        <PhoneForm lastResult={answer?.step === "phone" ? answer.result : null} redirectTo={redirectTo} />
      )}
      <p className="mt-6 text-center text-sm text-gray-600">
        <Link to={redirectTo ? `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/login"} className="font-medium text-brand-700 underline">
          {t("use_email")}
        </Link>
      </p>
    </AuthShell>
  );
}

function PhoneForm({ lastResult, redirectTo }: { lastResult: Reply | null; redirectTo: string }) {
  const [form, fields] = useReplyForm({ id: "phone-request", lastResult, constraint: PHONE_REQUEST_CONSTRAINT });
  const { t } = useTranslation("account");
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <p className="-mt-3 text-sm text-gray-600">{t("phone_intro")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <input type="hidden" name="intent" value="send" />
      <Field
        labelProps={{ children: t("phone_number") }}
        inputProps={{ ...inputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "tel", placeholder: "0803 123 4567" }}
        errors={fields.phone.errors}
      />
      <SubmitButton>{t("send_code")}</SubmitButton>
    </Form>
  );
}

function CodeForm({ phone, sent, lastResult, redirectTo }: { phone: string; sent: boolean; lastResult: Reply | null; redirectTo: string }) {
  const [form, fields] = useReplyForm({ id: "phone-verify", lastResult, constraint: PHONE_VERIFY_CONSTRAINT });
  const shown = localPhone(phone);
  const { t } = useTranslation("account");
  const say = useFormMessage();
  return (
    <>
      {sent ? (
        <p className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800" role="status">
          {say(PHONE_MESSAGES.codeSent)}
        </p>
      ) : null}
      <Form method="post" {...formProps(form)} className="space-y-4">
        <p className="text-sm text-gray-700">
          <Trans t={t} i18nKey="code_sent_to" values={{ phone: shown }} components={{ strong: <strong /> }} />
        </p>
        <FormErrors id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phone" value={phone} />
        <Field
          labelProps={{ children: t("code_label") }}
          inputProps={{ ...inputProps(fields.code, { type: "text" }), autoComplete: "one-time-code", inputMode: "numeric", maxLength: 6, className: "tracking-widest" }}
          errors={fields.code.errors}
        />
        <Field
          labelProps={{ children: t("first_name_if_new") }}
          inputProps={{ ...inputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <SubmitButton>{t("sign_in")}</SubmitButton>
      </Form>
      <Form method="post" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="phone" value={phone} />
        <button type="submit" className="font-medium text-brand-700 underline">
          {t("new_code")}
        </button>
        <Link to={redirectTo ? `/auth/phone?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/phone"} reloadDocument className="font-medium text-brand-700 underline">
          {t("other_number")}
        </Link>
      </Form>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Sign in with your phone"} | BuildMart NG` }];

export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
