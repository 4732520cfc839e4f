/**
 * /invitations/{token} — an invitation to help run a store, opened from the
 * invitation e-mail: the store, who invited, the e-mail invited, whether the link expired. Accept
 * is a POST that needs a signed-in user (else the login page, then back here); the API checks the
 * user's e-mail is the invited one. Accepted: the store's dashboard.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/i18n/dates";
import { Trans } from "~/i18n/trans";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { ApiInvitation, ApiInvitationAccepted } from "~/storefront/api-types";
import { apiFor } from "~/storefront/api.server";
import { requireUser } from "~/storefront/auth.server";
import { apiMessage } from "~/storefront/form-reply";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";

const TOKEN_RE = /^[A-Za-z0-9_-]{20,128}$/;
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!TOKEN_RE.test(token)) throw notFound();
  const api = await apiFor(request, context);
  const invitation = await api.must(api.get<ApiInvitation>(`/stores/invitations/${token}/`, { auth: false }));
  const user = api.user ? { email: api.user.email } : null;
  const t = await requestT(request, "account");
  return data({ token, invitation, user, title: t("titles.invitation") }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  if (!TOKEN_RE.test(token)) throw notFound();
  const { api } = await requireUser(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "accept") throw unknownIntent();
  const r = await api.post<ApiInvitationAccepted>(`/stores/invitations/${token}/accept/`);
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok) {
    const message = r.status >= 500 ? "Something went wrong on our side. Please try again." : apiMessage(r.data, "The invitation could not be accepted.");
    // In the visitor's language here, so the page needs no form messages' table.
    return data({ error: await requestFormMessage(request, message) }, { status: r.status >= 500 ? 502 : r.status, headers: await api.headers() });
  }
  return redirectWithFlash(api, `/stores/${r.data.store.slug}/dashboard`, { kind: "success", message: `Welcome to ${r.data.store.name}: you are now a ${r.data.role}.` });
}

export default function InvitationRoute() {
  const { token, invitation: inv, user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "accept";
  const here = `/invitations/${token}`;
  const otherUser = user && user.email.toLowerCase() !== inv.email.toLowerCase();
  const { t } = useTranslation("account");
  const role = t(`invitation.role_${inv.role}`);
  return (
    <main className="mx-auto max-w-lg px-4 py-8">
      <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-5">
        {inv.store.logo ? <img src={`${inv.store.logo}?w=160`} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" /> : null}
        <h1 className="text-xl font-bold sm:text-2xl">{t("invitation.title", { store: inv.store.name })}</h1>
        <p className="text-gray-700">
          <Trans
            t={t}
            i18nKey="invitation.invited"
            values={{ inviter: inv.inviter, email: inv.email, store: inv.store.name, role }}
            components={{ strong: <strong />, email: <strong className="break-all" /> }}
          />
        </p>
        {actionData?.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="invitation-error">
            {actionData.error}
          </p>
        ) : null}
        {inv.accepted ? (
          <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800">
            {t("invitation.accepted")}{" "}
            <Link to={`/stores/${inv.store.slug}/dashboard`} className="font-semibold underline">
              {t("invitation.open_store")}
            </Link>
          </p>
        ) : inv.expired ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="invitation-expired">
            {t("invitation.expired")}
          </p>
        ) : (
          <>
            {inv.expires_at ? <p className="text-sm text-gray-600">{t("invitation.until", { date: formatDate(inv.expires_at, t) })}</p> : null}
            {!user ? (
              <p className="text-sm text-gray-700">
                <Trans
                  t={t}
                  i18nKey="invitation.log_in_first"
                  values={{ email: inv.email }}
                  components={{ lnk: <Link to="/auth/register" className="font-semibold text-brand-700 underline" />, strong: <strong className="break-all" /> }}
                />
              </p>
            ) : otherUser ? (
              <p className="text-sm text-amber-900">
                <Trans t={t} i18nKey="invitation.other_user" values={{ user: user.email, email: inv.email }} components={{ strong: <strong className="break-all" /> }} />
              </p>
            ) : null}
            <Form method="post" action={here}>
              <button type="submit" name="intent" value="accept" className={primaryButton} disabled={busy}>
                {busy ? <Spinner /> : null}
                {user ? t("invitation.accept") : t("invitation.log_in_to_accept")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Store invitation"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
