/** An order as GET /orders/... answers it, and how the account area shows its id and date (spec section 2). */

import { formatDate, type DateReader } from "~/i18n/dates";

export type { ApiOrder } from "~/storefront/api-types";

/** "#" plus the part of the id before the first dash, in capitals. */
export const shortOrderId = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

/** "22 November 2026 at 10:50" in the reader's language (~/i18n/dates; Lagos time). */
export const orderDate = (iso: string, reader: DateReader) => formatDate(iso, reader, "dateTime");
