/**
 * The steps of /users/orders/{id}/confirm-cancel: why (a GET form of reasons), then "Yes, cancel"
 * (a POST), or why it cannot be cancelled. Plain forms; fetched on demand by the page
 * (../ui/island.tsx) with the form messages' table, which is not in the page's first view.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { primaryButton } from "../ui/button";
import { useFormMessage } from "../ui/error-list";
import { FormErrors } from "../ui/forms";
import { Spinner } from "../ui/spinner";
import { cancelReasonLabel } from "./order-status";
import { CANCEL_MESSAGES, CANCEL_REASONS } from "~/domain/order-rules";

export function CancelItemSteps({
  orderId,
  itemId,
  allowed,
  alreadyCancelled,
  reason,
  reasonError,
  error,
}: {
  orderId: string | number;
  itemId: string | number;
  allowed: boolean;
  alreadyCancelled: boolean;
  reason: string | null | undefined;
  reasonError: string | null | undefined;
  error: string | null | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const back = `/users/orders/${orderId}`;
  const { t } = useTranslation("orders");
  const say = useFormMessage();
  return (
    <>
    {!allowed ? (
      <div className="rounded-lg border border-gray-200 bg-white p-4">
        <p>{alreadyCancelled ? t("cancelPage.already") : say(CANCEL_MESSAGES.tooLate)}</p>
        <Link to={back} className="btn-outline mt-3">
          {t("backToOrder")}
        </Link>
      </div>
    ) : reason ? (
      <section aria-labelledby="confirm-h" className="rounded-lg border border-red-200 bg-white p-4" role="alertdialog">
        <h2 id="confirm-h" className="font-semibold">
          {t("cancelPage.confirmTitle")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {t("cancelPage.reason")} <span className="font-medium">{cancelReasonLabel(t, reason)}</span>. {t("cancelPage.note")}
        </p>
        <FormErrors errors={error ? [error] : []} />
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="order_item_cancel_reason" value={reason} />
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
              {busy ? <Spinner /> : null}
              {t("cancelPage.yes")}
            </button>
          </Form>
          <Link to={back} className="btn-outline">
            {t("cancelPage.keep")}
          </Link>
        </div>
      </section>
    ) : (
      <Form method="get" className="rounded-lg border border-gray-200 bg-white p-4">
        <input type="hidden" name="item" value={itemId} />
        <fieldset>
          <legend className="mb-2 font-semibold">{t("cancelPage.why")}</legend>
          {reasonError ? (
            <p className="field-error mb-2" role="alert">
              {say(reasonError)}
            </p>
          ) : null}
          <div className="space-y-2">
            {CANCEL_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600">
                <input type="radio" name="reason" value={r} required className="accent-brand-600" />
                {cancelReasonLabel(t, r)}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={`${primaryButton} mt-4`}>
          {t("cancelPage.continue")}
        </button>
      </Form>
    )}    </>
  );
}
