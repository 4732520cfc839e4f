/** /auth/register — create an account; a verification e-mail follows (spec sections 2 and 5). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell, AuthSwitch, GoogleButton, OrDivider } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { env } from "~/config.server";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { assertSameOrigin } from "~/storefront/login.server";
import { safeRedirect } from "~/storefront/session.server";
import { readForm } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";
import { parseWithZod, RegisterFormSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const RegisterForm = island(() => import("~/components/register-form").then((m) => ({ default: m.RegisterForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(RegisterForm);

const FIELDS = ["first_name", "last_name", "email", "phone", "password1", "password2"] as const;
const SECRET = ["password1", "password2"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  if (api.user) throw redirect("/");
  const buy = url.searchParams.get("buy");
  const t = await requestT(request, "account");
  return {
    title: t("titles.register"),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    buy,
    guestCheckout: !!buy || url.searchParams.get("checkout") === "1",
    googleEnabled: !!env().GOOGLE_CLIENT_ID,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RegisterFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: SECRET }), { status: 400 });
  }
  const { newsletter, redirectTo: _ignored, ...payload } = submission.value;
  const api = await apiFor(request, context);
  let r;
  try {
    r = await api.post("/users/auth/registration/", payload, { auth: false });
  } catch (e) {
    log().error({ err: e, requestId: context.requestId }, "register: API unreachable");
    return data(submission.reply({ formErrors: ["Network Error"], hideFields: SECRET }), { status: 503 });
  }
  if (r.status !== 201) {
    return data(submission.reply({ ...apiErrorsToReply(r.status, r.data, FIELDS), hideFields: SECRET }), { status: r.status === 429 ? 429 : 400 });
  }
  if (newsletter) {
    const n = await api.post("/newsletter/", { email: payload.email, source: "registration" }, { auth: false });
    if (!n.ok) log().warn({ status: n.status, requestId: context.requestId }, "register: newsletter sign-up failed");
  }
  return redirect("/email/verify", { status: 303 });
}

export default function RegisterRoute() {
  const { redirectTo, buy, guestCheckout, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <AuthShell title={t("register.title")} wide>
      {googleEnabled ? (
        <>
          <GoogleButton redirectTo={redirectTo || undefined} label={t("register.google")} />
          <OrDivider />
        </>
      ) : null}
      <RegisterForm redirectTo={redirectTo} lastResult={lastResult} />
      <AuthSwitch question={t("register.have_account")} label={t("log_in")} to="/auth/login" redirectTo={redirectTo} guestCheckout={guestCheckout} buy={buy} />
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Create an account"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
