/**
 * A pay-on-delivery shipment's delivery code on the store's order page
 * (routes/stores+/$slug.orders.$orderId.tsx; docs/decisions/0025-delivery-code.md). Fetched on
 * demand by the page (../ui/island.tsx): conform comes with it, not with the page's first view.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Field } from "~/components/ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "~/components/ui/reply-form";
import { primaryButton } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatNaira } from "~/domain/money";
import { useTranslation } from "~/i18n/react";

/**
 * The shopper's 4-digit code, then "Delivered and cash received" (the usual) or "Delivered" (the
 * cash recorded later). Works without JavaScript; the action's refusal shows under the field.
 */
export function DeliveryCodeForm({ triesLeft, total, paid, result }: { triesLeft: number; total: number; paid: boolean; result: Reply | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("deliver");
  const { t } = useTranslation("seller");
  const [form, fields] = useReplyForm({
    id: "delivery-code",
    lastResult: result,
    constraint: { delivery_code: { required: true, maxLength: 20 } },
  });
  return (
    <Form method="post" {...formProps(form)} className="mt-3 max-w-sm space-y-3 rounded-md border border-gray-200 bg-gray-50 p-3" data-testid="delivery-code-form">
      <h2 className="font-semibold">{t("order.codeTitle")}</h2>
      <p className="text-sm text-gray-700">
        {t("order.codeIntro")} {paid ? t("order.codePaid") : t("order.codeCash", { amount: formatNaira(total) })}
      </p>
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="delivery-code-form-error">
          {form.errors[0]}
        </p>
      ) : null}
      <Field
        labelProps={{ children: t("order.codeLabel") }}
        inputProps={{
          ...inputProps(fields.delivery_code, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "off",
          placeholder: t("order.codePlaceholder"),
          className: "max-w-[10rem] text-2xl tracking-[0.3em]",
        }}
        errors={fields.delivery_code.errors}
        hint={t("order.tries", { count: triesLeft })}
      />
      <div className="flex flex-wrap gap-2">
        {paid ? (
          <button type="submit" name="intent" value="deliver" className={primaryButton} disabled={busy} data-testid="deliver-only">
            {busy ? <Spinner /> : null}
            {t("order.delivered")}
          </button>
        ) : (
          <>
            <button type="submit" name="intent" value="deliver-cash" className={primaryButton} disabled={busy} data-testid="deliver-cash">
              {busy ? <Spinner /> : null}
              {t("order.deliveredCash")}
            </button>
            <button type="submit" name="intent" value="deliver" className="btn-outline" disabled={busy} data-testid="deliver-only">
              {t("order.deliveredLater")}
            </button>
          </>
        )}
      </div>
    </Form>
  );
}
