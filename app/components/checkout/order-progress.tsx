/**
 * Order Progress (spec sections 2, 4, 9): a bar filled 0/30/62/100 % by delivery status and the four
 * steps (placed, confirmed, shipped, delivered), each with the real date of its change from the
 * order's `steps`, steps up to the current one highlighted, and the shipment's estimated delivery
 * window: the lead time of its distance band counted from the order's date (domain/delivery.ts:
 * business days, Sundays and public holidays skipped), e.g. "Estimated delivery: Tue, 1 Dec – Thu, 3 Dec" (in the reader's language, ~/i18n/dates).
 */
import { useTranslation } from "~/i18n/react";
import { formatDate, formatDayRange } from "~/i18n/dates";
import { deliveryWindowFor, type DeliveryWindow } from "~/domain/delivery";
import { DELIVERY_PROGRESS, DELIVERY_STATUSES, deliveryStatusOf, type DeliveryStatus } from "~/domain/order-rules";
import type { ApiOrder } from "~/storefront/api-types";
import { statusLabel } from "~/components/users/order-status";

/** The date (ISO) each delivery step was reached, null when not yet. */
export type StepDates = Record<DeliveryStatus, string | null>;


/** The estimate of a shipment from `origin` to the order's delivery state, from the order's date. */
export function shipmentEstimate(order: Pick<ApiOrder, "created_at" | "delivery_state">, origin: string | null): DeliveryWindow {
  return deliveryWindowFor(origin, order.delivery_state, order.created_at);
}


export function OrderProgress({
  status,
  steps,
  cancelled = false,
  store,
  estimate = null,
  headingId = "progress-heading",
}: {
  status: string;
  steps: StepDates;
  cancelled?: boolean;
  /** The estimated delivery window (shipmentEstimate), shown until delivered. */
  estimate?: DeliveryWindow | null;
  /** The store whose shipment this is (an order from several stores shows one progress per store). */
  store?: string;
  headingId?: string;
}) {
  const current = deliveryStatusOf(status) ?? "Placed";
  const fill = DELIVERY_PROGRESS[current];
  const reached = DELIVERY_STATUSES.indexOf(current);
  const { t } = useTranslation("orders");
  const dateOf = (s: DeliveryStatus) => (steps[s] ? formatDate(steps[s], t) : null);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="order-progress" data-status={current} data-store={store}>
      {store ? (
        <h2 id={headingId} className="mb-3 font-semibold">
          {t("from", { store })}: <span data-testid="shipment-status">{statusLabel(t, current)}</span>
        </h2>
      ) : (
        <h2 id={headingId} className="sr-only">
          {t("steps")}
        </h2>
      )}
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
        role="progressbar"
        aria-label={t("progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fill}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${fill}%` }} data-testid="progress-fill" />
      </div>
      <ol className="mt-4 grid gap-3 sm:grid-cols-4">
        {DELIVERY_STATUSES.map((s, i) => {
          const done = i <= reached;
          const date = dateOf(s);
          return (
            <li key={s} className="flex items-start gap-2 sm:flex-col" data-testid="progress-step" data-done={done ? "true" : "false"}>
              <span
                aria-hidden="true"
                className={`grid h-7 w-7 shrink-0 place-items-center rounded-full text-sm font-bold ${done ? "bg-brand-700 text-white" : "bg-gray-200 text-gray-600"}`}
              >
                {done ? "✓" : i + 1}
              </span>
              <div>
                <p className={`font-semibold ${done ? "text-ink" : "text-gray-600"}`}>
                  {t(`step.${s}`)}
                  <span className="sr-only"> ({done ? t("done") : t("notYet")})</span>
                </p>
                <p className="text-sm text-gray-600" data-testid={`step-date-${s.toLowerCase()}`}>
                  {date ? <time dateTime={steps[s] ?? undefined}>{date}</time> : done ? "" : statusLabel(t, "Pending")}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {cancelled ? (
        <p className="mt-3 text-sm font-semibold text-red-700">{t("cancelled")}</p>
      ) : current !== "Delivered" && estimate ? (
        <p className="mt-3 text-sm text-gray-700" data-testid="delivery-estimate">
          {t("estimate")} <strong>{formatDayRange(estimate.earliest, estimate.latest, t)}</strong>
          <span className="text-gray-600"> ({t("estimateNote")})</span>
        </p>
      ) : null}
    </section>
  );
}

/**
 * One progress per store of the order (each store's shipment moves on its own), with the store's
 * name; an order from one store shows its one progress. Shipments whose every line was cancelled
 * say so.
 */
export function ShipmentsProgress({ order }: { order: ApiOrder }) {
  const shipments = order.shipments ?? [];
  if (!shipments.length) {
    const cancelled = order.order_items.length > 0 && order.order_items.every((i) => i.status === "Cancelled");
    return <OrderProgress status={order.order_delivery_status} steps={order.steps} cancelled={cancelled} estimate={shipmentEstimate(order, null)} />;
  }
  return (
    <div className="space-y-3">
      {shipments.map((sh) => (
        <OrderProgress
          key={sh.id}
          status={sh.status}
          steps={sh.steps}
          cancelled={sh.active_items === 0}
          store={sh.store_name}
          estimate={shipmentEstimate(order, sh.origin_state)}
          headingId={`progress-${sh.id}`}
        />
      ))}
    </div>
  );
}
