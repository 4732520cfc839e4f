/** /auth/login — 'Welcome!': e-mail and password, Google, links to reset and register (spec section 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell, AuthSwitch, GoogleButton, OrDivider } from "~/components/auth-forms";
import { PhoneSignInLink } from "~/components/phone-sign-in-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { env } from "~/config.server";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { assertSameOrigin, startUserSession, type LoginAnswer } from "~/storefront/login.server";
import { safeRedirect } from "~/storefront/session.server";
import { readForm } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";
import { parseWithZod, LoginSchema } from "~/storefront/forms.server";
import { EMAIL_IS_PHONE_MESSAGE, looksLikePhoneNumber } from "~/domain/account-messages";
import { requestT } from "~/i18n/i18next.server";

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const LoginForm = island(() => import("~/components/login-form").then((m) => ({ default: m.LoginForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(LoginForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const api = await apiFor(request, context);
  if (api.user) throw redirect(redirectTo || "/");
  const buy = url.searchParams.get("buy");
  const t = await requestT(request, "account");
  return {
    title: t("titles.login"),
    redirectTo,
    buy,
    guestCheckout: !!buy || url.searchParams.get("checkout") === "1",
    googleEnabled: !!env().GOOGLE_CLIENT_ID,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  if (submission.status !== "success") {
    const reply = submission.reply({ hideFields: ["password"] });
    // A phone number in the e-mail field: point to phone sign-in rather than "a valid e-mail".
    if (reply.error?.email && looksLikePhoneNumber(formData.get("email"))) reply.error.email = [EMAIL_IS_PHONE_MESSAGE];
    return data(reply, { status: 400 });
  }
  const api = await apiFor(request, context);
  let r;
  try {
    r = await api.post<LoginAnswer>("/users/auth/login/", submission.value, { auth: false });
  } catch (e) {
    // The API host (API_URL) could not be reached (spec section 8: its own message).
    log().error({ err: e, requestId: context.requestId }, "login: API unreachable");
    return data(submission.reply({ formErrors: ["Network Error"], hideFields: ["password"] }), { status: 503 });
  }
  if (r.ok) return startUserSession(api, request, r.data, redirectTo);
  return data(submission.reply({ ...apiErrorsToReply(r.status, r.data, ["email", "password"]), hideFields: ["password"] }), {
    status: r.status === 429 ? 429 : 400,
  });
}

export default function LoginRoute() {
  const { redirectTo, buy, guestCheckout, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <AuthShell title={t("login_title")}>
      <p className="-mt-3 mb-5 text-sm text-gray-600">{t("login_intro")}</p>
      {googleEnabled ? (
        <>
          <GoogleButton redirectTo={redirectTo || undefined} />
          <OrDivider />
        </>
      ) : null}
      <LoginForm redirectTo={redirectTo} lastResult={lastResult} />
      <PhoneSignInLink redirectTo={redirectTo} />
      <AuthSwitch question={t("new_here")} label={t("sign_up")} to="/auth/register" redirectTo={redirectTo} guestCheckout={guestCheckout} buy={buy} />
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Log in"} | BuildMart NG` }];

export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
