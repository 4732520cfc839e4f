/**
 * The "Return item" page's content, for members and guests: the item, then a plain multipart
 * POST form: the reason (select), what is wrong (details) and an optional photo (JPEG, PNG or WebP
 * up to 5 MB; the image messages of spec section 5), or why the item cannot be returned. Used by
 * the member's page (/users/orders/{id}/return/{itemId}) and the guest's
 * (/orders/{id}/return/{itemId}?t=token); their loaders and actions share storefront/returns.server.ts.
 * Typed text is kept when the form comes back with errors (the photo must be chosen again).
 * The pages fetch it on demand (../ui/island.tsx), with conform, so neither is in their first view.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { primaryButton } from "~/components/ui/button";
import { useFormMessage } from "~/components/ui/error-list";
import { ErrorList } from "~/components/ui/forms";
import { formProps, selectProps, textareaProps, useReplyForm } from "~/components/ui/reply-form";
import { Spinner } from "~/components/ui/spinner";
import { orderDate } from "~/components/users/order-format";
import { OrderItemHeader } from "~/components/users/order-item";
import { returnReasonLabel, returnStatusLabel } from "~/components/users/order-status";
import { IMAGE_ACCEPT } from "~/domain/product-rules";
import { RETURN_REASONS, type ReturnStatus } from "~/domain/return-rules";

export interface ReturnItemProps {
  orderId: string;
  item: { id: string; name: string; quantity: number; total: number; image: string | null };
  existing: { status: ReturnStatus; vendor_message: string | null } | null;
  until: string | null;
  refusal: string | null;
  /** The order's page (the guest's carries its token). */
  back: string;
  /** Where the form posts (the page itself; the guest's carries its token). */
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}

export function ReturnItemView({ orderId, item, existing, until, refusal, back, action, lastResult }: ReturnItemProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useReplyForm({ id: `return-${item.id}`, lastResult, constraint: { reason: {}, details: {}, photo: {} } });
  const { t } = useTranslation("orders");
  const say = useFormMessage();
  return (
    <main className="space-y-4">
      <OrderItemHeader orderId={orderId} back={back} title={t("returnPage.title")} item={item} />
      {refusal ? (
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <p data-testid="return-refusal">{existing ? `${returnStatusLabel(t, existing.status)}.` : say(refusal)}</p>
          {existing?.vendor_message ? <p className="mt-1 text-sm text-gray-700">{t("returns.sellerSays", { message: existing.vendor_message })}</p> : null}
          <Link to={back} className="btn-outline mt-3">
            {t("backToOrder")}
          </Link>
        </div>
      ) : (
        <Form method="post" action={action} encType="multipart/form-data" {...formProps(form)} noValidate className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
          {until ? <p className="text-sm text-gray-600">{t("returnPage.until", { date: orderDate(until, t) })}</p> : null}
          {form.errors?.length ? (
            <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {say(form.errors[0])}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.reason.id} className="field-label">
              {t("returnPage.reason")}
            </label>
            <select {...selectProps(fields.reason)} className="field-input">
              <option value="">{t("returnPage.chooseReason")}</option>
              {RETURN_REASONS.map((r) => (
                <option key={r} value={r}>
                  {returnReasonLabel(t, r)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <div>
            <label htmlFor={fields.details.id} className="field-label">
              {t("returnPage.details")}
            </label>
            <textarea {...textareaProps(fields.details)} rows={4} className="field-input" />
            <ErrorList id={fields.details.errorId} errors={fields.details.errors} />
          </div>
          <div>
            <label htmlFor={fields.photo.id} className="field-label">
              {t("returnPage.photo")}
            </label>
            <input
              id={fields.photo.id}
              name={fields.photo.name}
              type="file"
              accept={IMAGE_ACCEPT}
              aria-invalid={fields.photo.errors?.length ? true : undefined}
              aria-describedby={fields.photo.errors?.length ? fields.photo.errorId : undefined}
              className="field-input"
            />
            <p className="mt-1 text-xs text-gray-500">{t("returnPage.photoHint")}</p>
            <ErrorList id={fields.photo.errorId} errors={fields.photo.errors} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? <Spinner /> : null}
              {t("returnPage.submit")}
            </button>
            <Link to={back} className="btn-outline">
              {t("returnPage.cancel")}
            </Link>
          </div>
        </Form>
      )}
    </main>
  );
}
