/** /email/confirm/{key} — the link of the verification mail (spec section 2). */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthShell } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { apiFor, errorField } from "~/storefront/api.server";

type Outcome = "verified" | "already" | "expired" | "invalid";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const r = await api.post<{ key?: string[] }>("/users/auth/registration/verify-email/", { key: params.key ?? "" }, { auth: false });
  let outcome: Outcome = "invalid";
  if (r.ok) outcome = "verified";
  // A used key means the address was confirmed already (perhaps by a mail scanner opening the link).
  else if (r.status === 400 && /already been used/.test(errorField(r.data, "key") ?? "")) outcome = "already";
  else if (r.status === 400 && /expired/.test(errorField(r.data, "key") ?? "")) outcome = "expired";
  return { outcome };
}

export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export default function EmailConfirmRoute() {
  const { outcome } = useLoaderData<typeof loader>();
  if (outcome === "verified" || outcome === "already") {
    return (
      <AuthShell title={outcome === "verified" ? "Your email has been verified" : "Your email is already verified"}>
        <p className="mb-6 text-sm text-gray-700">You can now log in to your BuildMart NG account.</p>
        <Link to="/auth/login" className="btn-primary w-full py-2.5">
          Login Now
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="This link does not work">
      <p className="mb-6 text-sm text-gray-700">
        {outcome === "expired" ? "This verification link has expired." : "This verification link is not valid."} Ask for a new one and use the
        link in the newest e-mail.
      </p>
      <Link to="/email/verify" className="btn-primary w-full py-2.5">
        Get a new link
      </Link>
    </AuthShell>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm your email | BuildMart NG" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
