/**
 * /users/account/channels — "Order updates": the shopper chooses e-mail, SMS and WhatsApp (issue
 * 21), and verifies a phone number with a code (SMS and WhatsApp need one). Plain forms: works
 * with JavaScript off; every POST answers with a redirect and a flash, or the form with its errors.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import type { ChannelsAnswer as Answer } from "~/components/users/channels-forms";
import { requestT } from "~/i18n/i18next.server";
import { PHONE_MESSAGES } from "~/domain/phone-rules";
import type { ApiChannels } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { ChannelsFormSchema, PhoneCodeRequestSchema } from "~/storefront/forms.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";

const HERE = "/users/account/channels";

/** The forms come on demand (components/ui/island.tsx), with the form messages' table: plain forms until then. */
const ChannelsForms = island(() => import("~/components/users/channels-forms").then((m) => ({ default: m.ChannelsForms })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ChannelsForms);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const channels = await api.must(api.get<ApiChannels>(`/users/${user.id}/channels/`));
  const t = await requestT(request, "account");
  return data({ channels, title: t("titles.channels") }, { headers: await api.headers() });
}


export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const f = await readForm(request);
  const intent = f.get("intent");
  if (intent === "phone-send") {
    const parsed = PhoneCodeRequestSchema.safeParse({ phone: f.get("phone") ?? "", purpose: "verify" });
    if (!parsed.success) return data<Answer>({ form: "phone", formErrors: [], fieldErrors: { phone: [PHONE_MESSAGES.phoneInvalid] }, phone: String(f.get("phone") ?? "") }, { status: 400 });
    const r = await api.post("/users/auth/phone/request/", parsed.data);
    if (!r.ok) return data<Answer>({ form: "phone", ...apiErrorsToReply(r.status, r.data, ["phone"]), phone: String(f.get("phone") ?? "") }, { status: r.status === 429 ? 429 : 400 });
    return data<Answer>({ form: "code", formErrors: [], fieldErrors: {}, phone: parsed.data.phone });
  }
  if (intent === "phone-add") {
    const phone = String(f.get("phone") ?? "");
    const code = String(f.get("code") ?? "").trim();
    if (!/^\d{6}$/.test(code)) return data<Answer>({ form: "code", formErrors: [], fieldErrors: { code: [PHONE_MESSAGES.codeFormat] }, phone }, { status: 400 });
    const r = await api.post("/users/auth/phone/add/", { phone, code });
    if (r.ok) return redirectWithFlash(api, HERE, { kind: "success", message: (await requestT(request, "account"))("channels.verified") });
    const body = (r.data ?? {}) as Record<string, unknown>;
    const codeErrors = Array.isArray(body.code) ? (body.code as string[]) : [];
    const rest = apiErrorsToReply(r.status, body, ["phone"]);
    return data<Answer>(
      { form: "code", formErrors: codeErrors.length ? rest.formErrors.filter((m) => !m.startsWith("Request failed")) : rest.formErrors, fieldErrors: { ...rest.fieldErrors, ...(codeErrors.length ? { code: codeErrors } : {}) }, phone },
      { status: r.status === 429 ? 429 : 400 },
    );
  }
  const body = ChannelsFormSchema.parse({ email: f.get("email") ?? undefined, sms: f.get("sms") ?? undefined, whatsapp: f.get("whatsapp") ?? undefined });
  const r = await api.put(`/users/${user.id}/channels/`, body);
  if (r.ok) return redirectWithFlash(api, HERE, { kind: "success", message: (await requestT(request, "account"))("channels.saved") });
  return data<Answer>({ form: "channels", ...apiErrorsToReply(r.status, r.data, ["email", "sms", "whatsapp"]) }, { status: 400 });
}

export default function ChannelsRoute() {
  const { channels } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4">
      <h1 className="text-lg font-semibold text-ink">{t("channels.title")}</h1>
      <p className="mt-1 text-sm text-gray-600">{t("channels.intro")}</p>
      <ChannelsForms channels={channels} answer={answer ?? null} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Order updates"} | BuildMart NG` }];

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
