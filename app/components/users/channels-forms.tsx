/**
 * The forms of /users/account/channels: which channels carry order updates, and the phone number
 * to verify for SMS and WhatsApp. Plain POST forms; fetched on demand by the page
 * (../ui/island.tsx) with the form messages' table, which is not in the page's first view.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "../auth-forms";
import { useFormMessage } from "../ui/error-list";
import { ErrorList, Field, FormErrors } from "../ui/forms";
import { localPhone, PHONE_MESSAGES } from "~/domain/phone-rules";
import type { ApiChannels } from "~/storefront/api-types";

/** What the page's action answers. */
export type ChannelsAnswer = { form: "channels" | "phone" | "code"; formErrors: string[]; fieldErrors: Record<string, string[]>; phone?: string };
type Answer = ChannelsAnswer;

export function ChannelsForms({ channels, answer }: { channels: ApiChannels; answer: Answer | null }) {
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
    <>
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
    </>
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

