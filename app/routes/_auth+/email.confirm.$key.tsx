/** /email/confirm/{key} — the link of the verification mail (spec section 2). */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { apiFor, errorField } from "~/storefront/api.server";
import { requestT } from "~/i18n/i18next.server";

type Outcome = "verified" | "already" | "expired" | "invalid";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const r = await api.post<{ key?: string[] }>("/users/auth/registration/verify-email/", { key: params.key ?? "" }, { auth: false });
  let outcome: Outcome = "invalid";
  if (r.ok) outcome = "verified";
  // A used key means the address was confirmed already (perhaps by a mail scanner opening the link).
  else if (r.status === 400 && /already been used/.test(errorField(r.data, "key") ?? "")) outcome = "already";
  else if (r.status === 400 && /expired/.test(errorField(r.data, "key") ?? "")) outcome = "expired";
  return { outcome, title: (await requestT(request, "account"))("titles.confirm_email") };
}

export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export default function EmailConfirmRoute() {
  const { outcome } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  if (outcome === "verified" || outcome === "already") {
    return (
      <AuthShell title={outcome === "verified" ? t("confirm_email.verified") : t("confirm_email.already")}>
        <p className="mb-6 text-sm text-gray-700">{t("confirm_email.can_login")}</p>
        <Link to="/auth/login" className="btn-primary w-full py-2.5">
          {t("login_now")}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("confirm_email.broken_title")}>
      <p className="mb-6 text-sm text-gray-700">
        {outcome === "expired" ? t("confirm_email.expired") : t("confirm_email.invalid")} {t("confirm_email.ask_new")}
      </p>
      <Link to="/email/verify" className="btn-primary w-full py-2.5">
        {t("confirm_email.get_new")}
      </Link>
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Confirm your email"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
