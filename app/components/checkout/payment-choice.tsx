/**
 * The payment method (Pay with card / Pay on delivery; CardPayment first, per spec section 3) and
 * the Place order button. With JavaScript the button says "Redirecting to PayStack..." while a
 * card order is on its way; without it the browser simply follows the 303s.
 */
import { useTranslation } from "~/i18n/react";
import { useNavigation } from "@remix-run/react";
import { primaryButton } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** The shopper's choice; BankTransfer and USSD are paid online through Paystack on our own page (the API's CardPayment). */
export type Method = "CardPayment" | "BankTransfer" | "USSD" | "PayOnDelivery";

/**
 * `podOff`: why pay on delivery is not open to this buyer (refusals at the door, issue 36 item 6),
 * said under the choice, which is then disabled.
 */
export function PaymentChoice({
  defaultMethod,
  form,
  legendClassName = "mb-2 text-sm font-bold tracking-wide",
  podOff = null,
}: {
  defaultMethod: Method;
  form?: string;
  legendClassName?: string;
  podOff?: string | null;
}) {
  const { t } = useTranslation("checkout");
  return (
    <fieldset className="space-y-2" form={form}>
      <legend className={legendClassName}>{t("method.legend")}</legend>
      <label className="flex items-start gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600">
        <input type="radio" name="order_payment_method" value="CardPayment" defaultChecked={defaultMethod === "CardPayment"} className="mt-1 accent-brand-600" form={form} />
        <span>
          <span className="font-medium">{t("method.card")}</span>
          <span className="block text-xs text-gray-600">{t("method.cardHint")}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600">
        <input type="radio" name="order_payment_method" value="BankTransfer" defaultChecked={defaultMethod === "BankTransfer"} className="mt-1 accent-brand-600" form={form} />
        <span>
          <span className="font-medium">{t("method.transfer")}</span>
          <span className="block text-xs text-gray-600">{t("method.transferHint")}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600">
        <input type="radio" name="order_payment_method" value="USSD" defaultChecked={defaultMethod === "USSD"} className="mt-1 accent-brand-600" form={form} />
        <span>
          <span className="font-medium">{t("method.ussd")}</span>
          <span className="block text-xs text-gray-600">{t("method.ussdHint")}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600">
        <input
          type="radio"
          name="order_payment_method"
          value="PayOnDelivery"
          defaultChecked={defaultMethod === "PayOnDelivery" && !podOff}
          disabled={!!podOff}
          aria-describedby={podOff ? "pod-off" : undefined}
          className="mt-1 accent-brand-600"
          form={form}
        />
        <span>
          <span className="font-medium">{t("method.delivery")}</span>
          <span className="block text-xs text-gray-600">{t("method.deliveryHint")}</span>
          {podOff ? (
            <span id="pod-off" className="mt-1 block text-xs font-semibold text-red-800" data-testid="pod-off">
              {podOff}
            </span>
          ) : null}
        </span>
      </label>
    </fieldset>
  );
}

export function PlaceOrderButton({ form, disabled = false }: { form?: string; disabled?: boolean }) {
  const navigation = useNavigation();
  const { t } = useTranslation("checkout");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const card = navigation.formData?.get("order_payment_method") === "CardPayment";
  return (
    <button type="submit" name="intent" value="place" form={form} className={`${primaryButton} mt-4 w-full py-3`} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <Spinner /> : null}
      {busy && card ? t("redirecting") : t("placeOrder")}
    </button>
  );
}
