/** /auth/register — create an account; a verification e-mail follows (spec sections 2 and 5). */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthShell, AuthSwitch, GoogleButton, OrDivider, PasswordField, SubmitButton } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, Field, FormErrors } from "~/components/ui/forms";
import { env } from "~/config.server";
import { RegisterFormSchema } from "~/domain/accounts";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { assertSameOrigin } from "~/storefront/login.server";
import { safeRedirect } from "~/storefront/session.server";
import { readForm } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";

const FIELDS = ["first_name", "last_name", "email", "phone", "password1", "password2"] as const;
const SECRET = ["password1", "password2"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  if (api.user) throw redirect("/");
  const buy = url.searchParams.get("buy");
  return {
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
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(RegisterFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterFormSchema }),
  });
  return (
    <AuthShell title="Create your account" wide>
      {googleEnabled ? (
        <>
          <GoogleButton redirectTo={redirectTo || undefined} label="Sign up with Google" />
          <OrDivider />
        </>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: "First Name" }}
            inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.first_name.errors}
          />
          <Field
            labelProps={{ children: "Last Name" }}
            inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.last_name.errors}
          />
        </div>
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: "Phone Number" }}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "0803 123 4567" }}
          errors={fields.phone.errors}
        />
        <PasswordField label="Password" field={fields.password1} autoComplete="new-password" />
        <PasswordField label="Confirm Password" field={fields.password2} autoComplete="new-password" />
        <p className="-mt-2 text-xs text-gray-500">At least 8 characters, with letters, numbers and a special character.</p>
        <CheckboxField
          labelProps={{ children: "Yes, I want to receive daily newsletters and email notification" }}
          inputProps={{ ...getInputProps(fields.newsletter, { type: "checkbox" }) }}
          errors={fields.newsletter.errors}
        />
        <SubmitButton>Create Account</SubmitButton>
      </Form>
      <AuthSwitch question="Already have an account?" label="Log in" to="/auth/login" redirectTo={redirectTo} guestCheckout={guestCheckout} buy={buy} />
    </AuthShell>
  );
}

export const meta: MetaFunction = () => [{ title: "Create an account | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
