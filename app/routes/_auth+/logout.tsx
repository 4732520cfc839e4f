/**
 * /logout — GET shows a small page with a "Log out" button (nothing changes on a GET); the POST
 * (that button, or the header menu's) ends the session on the server (API logout: the API revokes
 * the user's tokens), clears the session cookie and goes home.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { apiFor, clearUser } from "~/storefront/api.server";
import { redirectWithFlash } from "~/storefront/responses.server";
import { log } from "~/ops/logger.server";
import { requestT } from "~/i18n/i18next.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  return { signedIn: !!api.user, title: (await requestT(request, "account"))("titles.logout") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  const refresh = api.session.get("refresh");
  if (refresh) {
    // The API ends the session on its side; the cookie is cleared whatever it answers.
    await api.post("/users/auth/logout/", { refresh }).catch((e) => log().warn({ err: e, requestId: context.requestId }, "logout: API logout failed"));
  }
  clearUser(api.session);
  api.touch();
  return redirectWithFlash(api, "/", null);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Log out"} | BuildMart NG` }];

export default function LogoutRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <main className="container-page py-12">
      <div className="mx-auto max-w-sm rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-xl font-bold">{signedIn ? t("logout.question") : t("logout.not_signed_in")}</h1>
        {signedIn ? (
          <Form method="post" action="/logout" className="mt-5">
            <button type="submit" className="btn-primary w-full">
              {t("logout.button")}
            </button>
          </Form>
        ) : (
          <a href="/auth/login" className="btn-primary mt-5 w-full">
            {t("log_in")}
          </a>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
