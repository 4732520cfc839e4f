/**
 * /users/account/channels — "Order updates": the shopper chooses e-mail, SMS and WhatsApp (issue
 * 21), and verifies a phone number with a code (SMS and WhatsApp need one). Plain forms: works
 * with JavaScript off; every POST answers with a redirect and a flash, or the form with its errors.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FormErrors } from "~/components/ui/forms";
import { useFormMessage } from "~/components/ui/error-list";
import { requestT } from "~/i18n/i18next.server";
import { localPhone, PHONE_MESSAGES } from "~/domain/phone-rules";
import type { ApiChannels } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { ChannelsSchema, PhoneCodeRequestSchema } from "~/storefront/forms.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";

const HERE = "/users/account/channels";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const channels = await api.must(api.get<ApiChannels>(`/users/${user.id}/channels/`));
  const t = await requestT(request, "account");
  return data({ channels, title: t("titles.channels") }, { headers: await api.headers() });
}

type Answer = { form: "channels" | "phone" | "code"; formErrors: string[]; fieldErrors: Record<string, string[]>; phone?: string };

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
  const body = ChannelsSchema.parse({ email: f.get("email") ?? undefined, sms: f.get("sms") ?? undefined, whatsapp: f.get("whatsapp") ?? undefined });
  const r = await api.put(`/users/${user.id}/channels/`, body);
  if (r.ok) return redirectWithFlash(api, HERE, { kind: "success", message: (await requestT(request, "account"))("channels.saved") });
  return data<Answer>({ form: "channels", ...apiErrorsToReply(r.status, r.data, ["email", "sms", "whatsapp"]) }, { status: 400 });
}

export default function ChannelsRoute() {
  const { channels } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errs = answer?.form === "channels" ? answer : null;
  const needsPhone = !channels.phone_verified;
  const { t } = useTranslation("account");
  const say = useFormMessage();
  const box = (name: "email" | "sms" | "whatsapp", label: string, disabled: boolean) => (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={`channel-${name}`}
          name={name}
          type="checkbox"
          defaultChecked={channels[name] && !disabled}
          disabled={disabled}
          aria-describedby={disabled && name !== "email" ? "channels-phone-hint" : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        />
        <label htmlFor={`channel-${name}`} className={`text-sm ${disabled ? "text-gray-400" : "text-gray-700"}`}>
          {label}
        </label>
      </div>
      <ErrorList id={`channel-${name}-error`} errors={errs?.fieldErrors[name]} />
    </div>
  );
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4">
      <h1 className="text-lg font-semibold text-ink">{t("channels.title")}</h1>
      <p className="mt-1 text-sm text-gray-600">{t("channels.intro")}</p>
      <Form method="post" className="mt-4 space-y-3">
        <FormErrors errors={errs?.formErrors} />
        <input type="hidden" name="intent" value="channels" />
        {box("email", channels.has_email ? t("channels.email") : t("channels.email_none"), !channels.has_email)}
        {box("sms", "SMS", needsPhone)}
        {box("whatsapp", "WhatsApp", needsPhone)}
        {needsPhone ? (
          <p id="channels-phone-hint" className="text-xs text-gray-600">
            {say(PHONE_MESSAGES.channelNeedsPhone)}
          </p>
        ) : (
          <p className="text-xs text-gray-600">{t("channels.goes_to", { phone: localPhone(channels.phone ?? "") })}</p>
        )}
        <SubmitButton className="btn-primary px-6 py-2">{t("channels.save")}</SubmitButton>
      </Form>
      <PhoneVerify verified={channels.phone_verified} current={channels.phone} answer={answer?.form === "phone" || answer?.form === "code" ? answer : null} />
    </section>
  );
}

function PhoneVerify({ verified, current, answer }: { verified: boolean; current: string | null; answer: Answer | null }) {
  const { t } = useTranslation("account");
  if (answer?.form === "code") {
    return (
      <Form method="post" className="mt-6 space-y-3 border-t border-gray-200 pt-4">
        <h2 className="font-semibold text-ink">{t("channels.verify_title")}</h2>
        <p className="text-sm text-gray-700">{t("channels.code_sent", { phone: localPhone(answer.phone ?? "") })}</p>
        <FormErrors errors={answer.formErrors} />
        <input type="hidden" name="intent" value="phone-add" />
        <input type="hidden" name="phone" value={answer.phone} />
        <Field
          labelProps={{ children: t("code_label") }}
          inputProps={{ id: "verify-code", name: "code", type: "text", required: true, autoComplete: "one-time-code", inputMode: "numeric", maxLength: 6 }}
          errors={answer.fieldErrors.code}
        />
        <SubmitButton className="btn-primary px-6 py-2">{t("channels.verify")}</SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-6 space-y-3 border-t border-gray-200 pt-4">
      <h2 className="font-semibold text-ink">{verified ? t("channels.change_title") : t("channels.verify_title")}</h2>
      <FormErrors errors={answer?.formErrors} />
      <input type="hidden" name="intent" value="phone-send" />
      <Field
        labelProps={{ children: t("phone_number") }}
        inputProps={{ id: "verify-phone", name: "phone", type: "tel", required: true, autoComplete: "tel", inputMode: "tel", defaultValue: answer?.phone ?? (current ? localPhone(current) : ""), placeholder: "0803 123 4567" }}
        errors={answer?.fieldErrors.phone}
      />
      <SubmitButton className="btn-outline px-6 py-2">{t("send_code")}</SubmitButton>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Order updates"} | BuildMart NG` }];

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
