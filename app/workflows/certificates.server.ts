/**
 * A buyer reports a product's SON certificate as fake (issue 36 item 2): the report is kept for
 * the administrators (GET /admin/certificate-reports/) and the store is told (a notice), in the
 * caller's transaction.
 */
import type { Queryable } from "~/db/client.server";
import { insertCertificateReport } from "~/api/products/commands.server";
import { recordEvent } from "~/api/notifications/commands.server";

export async function reportCertificate(
  tx: Queryable,
  r: { productId: number; productName: string; storeSlug: string | null; userId: number | null; note: string; contact: string | null },
) {
  const row = await insertCertificateReport(tx, r);
  if (row.store_id !== null)
    await recordEvent(tx, {
      notices: [
        {
          storeId: row.store_id,
          kind: "certificate_reported",
          title: `A buyer reported the SON certificate of "${r.productName}" as fake`,
          body: r.note,
          link: r.storeSlug ? `/stores/${r.storeSlug}/notification` : null,
        },
      ],
    });
  return row;
}
