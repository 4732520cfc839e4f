/**
 * /auth/phone — sign in (or sign up) with a phone number: number → 6-digit code by SMS → signed
 * in. Two plain forms that work with JavaScript off; the step comes from the action's
 * answer. The session is set as for e-mail login (startUserSession).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import type { Reply } from "~/components/ui/reply-form";
import { log } from "~/ops/logger.server";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { parseWithZod, PhoneCodeRequestSchema, PhoneCodeVerifySchema } from "~/storefront/forms.server";
import { assertSameOrigin, startUserSession, type LoginAnswer } from "~/storefront/login.server";
import { readForm } from "~/storefront/responses.server";
import { phoneDevice, safeRedirect } from "~/storefront/session.server";
import { requestT } from "~/i18n/i18next.server";

/** The two forms and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const PhoneForm = island(() => import("~/components/auth-page-forms").then((m) => ({ default: m.PhoneForm })));
const CodeForm = island(() => import("~/components/auth-page-forms").then((m) => ({ default: m.CodeForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(PhoneForm, CodeForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const api = await apiFor(request, context);
  if (api.user) throw redirect(redirectTo || "/");
  const t = await requestT(request, "account");
  return { redirectTo, title: t("titles.phone") };
}

type Answer = { step: "phone"; result: Reply } | { step: "code"; phone: string; sent: boolean; byEmail?: boolean; result: Reply | null };

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
      const device = (await phoneDevice(request, false)).id;
      r = await api.post<LoginAnswer>("/users/auth/phone/verify/", submission.value, { auth: false, headers: device ? { "X-Device-Id": device } : undefined });
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
  // This browser's device id (made now if new): once the number signs in from it, the number-wide cap on codes does not hold it.
  const device = await phoneDevice(request, true);
  const headers = device.setCookie ? { "Set-Cookie": device.setCookie } : undefined;
  try {
    r = await api.post("/users/auth/phone/request/", { phone: submission.value.phone, purpose: "login" }, { auth: false, headers: { "X-Device-Id": device.id! } });
  } catch (e) {
    log().error({ err: e, requestId: context.requestId }, "phone sign-in: API unreachable");
    return data<Answer>({ step: "phone", result: submission.reply({ formErrors: ["Network Error"] }) }, { status: 503 });
  }
  if (!r.ok) return data<Answer>({ step: "phone", result: submission.reply(apiErrorsToReply(r.status, r.data, ["phone"])) }, { status: r.status === 429 ? 429 : 400, headers });
  // The number's SMS codes were at their cap: the code went to the account's verified e-mail.
  const byEmail = (r.data as { sent_to?: string } | null)?.sent_to === "email";
  return data<Answer>({ step: "code", phone: submission.value.phone, sent: true, byEmail, result: null }, { headers });
}

export default function PhoneSignInRoute() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <AuthShell title={t("phone_title")}>
      {answer?.step === "code" ? (
        <CodeForm phone={answer.phone} sent={answer.sent} byEmail={answer.byEmail} lastResult={answer.result} redirectTo={redirectTo} />
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Sign in with your phone"} | BuildMart NG` }];

export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
