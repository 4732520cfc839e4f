/** /auth/login — 'Welcome!': e-mail and password, Google, links to reset and register (spec section 2). */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthShell, AuthSwitch, GoogleButton, OrDivider, PasswordField, SubmitButton } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors } from "~/components/ui/forms";
import { env } from "~/config.server";
import { EMAIL_NOT_VERIFIED_MESSAGE, LoginSchema } from "~/domain/accounts";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { assertSameOrigin, startUserSession, type LoginAnswer } from "~/storefront/login.server";
import { safeRedirect } from "~/storefront/session.server";
import { readForm } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const api = await apiFor(request, context);
  if (api.user) throw redirect(redirectTo || "/");
  const buy = url.searchParams.get("buy");
  return {
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
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
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
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  const unverified = form.errors?.includes(EMAIL_NOT_VERIFIED_MESSAGE);
  return (
    <AuthShell title="Welcome!">
      <p className="-mt-3 mb-5 text-sm text-gray-600">Log in to your BuildMart NG account.</p>
      {googleEnabled ? (
        <>
          <GoogleButton redirectTo={redirectTo || undefined} />
          <OrDivider />
        </>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors}>
          {unverified ? (
            <Link to="/email/verify" className="mt-1 inline-block font-semibold underline">
              Send the verification e-mail again
            </Link>
          ) : null}
        </FormErrors>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
          errors={fields.email.errors}
        />
        <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
        <div className="flex justify-end">
          <Link to="/forget-password" className="text-sm font-medium text-brand-700 underline">
            Forgot Password?
          </Link>
        </div>
        <SubmitButton>Login</SubmitButton>
      </Form>
      <AuthSwitch question="New to BuildMart NG?" label="Sign Up" to="/auth/register" redirectTo={redirectTo} guestCheckout={guestCheckout} buy={buy} />
    </AuthShell>
  );
}

export const meta: MetaFunction = () => [{ title: "Log in | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
