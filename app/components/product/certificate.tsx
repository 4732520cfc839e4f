/**
 * The product page's SON certificate line (issue 36 item 2): "SON certificate <number>", a link to
 * the photo of it and one to report it as fake (a page with a plain form). Links only: the
 * server's HTML is all it needs.
 */
import { useTranslation } from "~/i18n/react";
import type { ApiCertificate } from "~/api/catalog/schemas";

export function CertificateLine({ certificate, reportPath }: { certificate: ApiCertificate | undefined; reportPath: string }) {
  const { t } = useTranslation("shop");
  if (!certificate?.number) return null;
  return (
    <div className="mt-2 rounded-md border border-green-700/30 bg-green-50 px-3 py-2 text-sm" data-testid="certificate">
      <p className="font-semibold text-green-900">
        <span aria-hidden="true">✓ </span>
        {t("product.certificate", { number: certificate.number })}
      </p>
      <p className="mt-0.5 flex flex-wrap gap-x-4 gap-y-1">
        {certificate.image ? (
          <a href={certificate.image} className="text-green-900 underline" target="_blank" rel="noreferrer">
            {t("product.certificatePhoto")}
          </a>
        ) : null}
        <a href={reportPath} className="text-gray-700 underline">
          {t("product.certificateReport")}
        </a>
      </p>
    </div>
  );
}
