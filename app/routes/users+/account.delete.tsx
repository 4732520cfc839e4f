/**
 * /users/account/delete — "Delete my account": a confirmation page (password and a box to tick).
 * The POST asks the API (POST /users/{id}/delete/, the caller only, password checked), which ends
 * every session and anonymises the account (docs/privacy.md); then the visitor is logged out here
 * too and sent home with a message. A refusal (wrong password, a store they own, an order on its
 * way) shows next to the field or above the form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { PasswordField } from "~/components/password-field";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DELETE_ACCOUNT_CONSTRAINT } from "~/components/ui/constraints";
import { CheckboxField, FormErrors } from "~/components/ui/forms";
import { clearUser } from "~/storefront/api.server";
import { requireUser } from "~/storefront/auth.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { formProps, inputProps, useReplyForm } from "~/components/ui/reply-form";
import { parseWithZod, DeleteAccountSchema } from "~/storefront/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  return data({ email: user.email }, { headers: await api.headers() });
}

const SECRET = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const submission = parseWithZod(await readForm(request), { schema: DeleteAccountSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET }), { status: 400 });
  const r = await api.post(`/users/${user.id}/delete/`, { password: submission.value.password, confirm: true });
  if (r.status === 204) {
    clearUser(api.session);
    api.touch();
    return redirectWithFlash(api, "/", {
      kind: "success",
      message: "Your account has been deleted and you are logged out. Your past orders are kept for the sellers' records without your name or contact details.",
    });
  }
  if (r.status === 401) return data(submission.reply({ hideFields: SECRET, formErrors: ["Your session has ended. Log in again to delete your account."] }), { status: 401 });
  const reply = apiErrorsToReply(r.status, r.data, ["password", "confirm"], "Your account could not be deleted just now. Please try again.");
  return data(submission.reply({ ...reply, hideFields: SECRET }), { status: r.status === 400 ? 400 : 502 });
}

export default function DeleteAccountRoute() {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useReplyForm({
    id: "delete-account",
    lastResult,
    constraint: DELETE_ACCOUNT_CONSTRAINT,
  });
  return (
    <main className="max-w-xl">
      <h1 className="text-xl font-bold sm:text-2xl">Delete my account</h1>
      <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-gray-800">
        <p className="font-semibold">This cannot be undone. When you delete your account:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>you are logged out everywhere and can no longer log in;</li>
          <li>your addresses, wishlist, cart, notifications and newsletter subscription are removed;</li>
          <li>your reviews stay on the products under the name “Former customer”;</li>
          <li>your past orders are kept for the sellers' records, without your name, phone, e-mail or street address.</li>
        </ul>
        <p className="mt-2">
          Want a copy first?{" "}
          <a href="/users/account/export" className="font-medium text-brand-700 underline" download>
            Download my data
          </a>
          .
        </p>
      </div>
      <Form method="post" {...formProps(form)} className="mt-5 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div>
          <PasswordField label="Your password" field={fields.password} autoComplete="current-password" />
          <p className="mt-1 text-xs text-gray-600">
            Signed up with Google and never set a password? Set one first with{" "}
            <Link to="/forget-password" className="text-brand-700 underline">
              Forgot Password
            </Link>
            .
          </p>
        </div>
        <CheckboxField
          labelProps={{ children: "I understand that my account will be deleted for good." }}
          inputProps={{ ...inputProps(fields.confirm, { type: "checkbox" }) }}
          errors={fields.confirm.errors}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
            Delete my account
          </button>
          <Link to="/users/account/addresses" className="btn border border-gray-300 bg-white text-ink hover:bg-gray-50">
            Keep my account
          </Link>
        </div>
      </Form>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete my account | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
