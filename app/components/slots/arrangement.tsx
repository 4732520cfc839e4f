/**
 * A shipment's delivery day or collection (issue 35 item 5) on the order pages (the buyer's and the
 * store's): "Delivery day: Tue, 1 Dec, morning (08:00–12:00)", or where and when to collect from the
 * store's yard. Words: the `orders` namespace's `slots.*`.
 */
import { useTranslation } from "~/i18n/react";
import type { ApiShipment } from "~/api/orders/schemas";
import { slotText } from "./slot-text";

export function ShipmentArrangement({ shipment }: { shipment: Pick<ApiShipment, "delivery_slot" | "collection"> | null | undefined }) {
  const { t } = useTranslation("orders");
  if (shipment?.collection) {
    return (
      <div className="mt-2 rounded-md border border-brand-100 bg-brand-50 p-2 text-sm" data-testid="collect-from-yard">
        <p className="font-semibold">{t("slots.collectTitle")}</p>
        <p>
          {t("slots.where")} <span data-user-text>{shipment.collection.address}</span>
        </p>
        <p>
          {t("slots.when_open")} <span data-user-text>{shipment.collection.hours}</span>
        </p>
      </div>
    );
  }
  if (shipment?.delivery_slot) {
    return (
      <p className="mt-2 text-sm" data-testid="delivery-slot">
        {t("slots.deliveryDay")} <span className="font-semibold">{slotText(shipment.delivery_slot, t)}</span>
      </p>
    );
  }
  return null;
}
