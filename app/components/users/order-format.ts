/** An order as GET /orders/... answers it, and how the account area shows its id and date (spec section 2). */

export type { ApiOrder } from "~/storefront/api-types";

/** "#" plus the part of the id before the first dash, in capitals. */
export const shortOrderId = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
  timeZoneName: "short",
});

/** Long US format with the time zone, e.g. "November 22, 2026 at 10:50 AM GMT+1". */
export const orderDate = (iso: string) => longDate.format(new Date(iso));
