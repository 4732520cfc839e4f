/**
 * Report a fake certificate: /{category}/{productId}/report-certificate (issue 36 item 2). A plain
 * form (works without JavaScript): what looks wrong, and optionally an e-mail or phone. POST
 * /products/{id}/certificate-report/; the admins' list gets it and the store is told. Errors come
 * back next to their field with everything typed kept; a sent report goes back to the product
 * with a thank-you.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requestT } from "~/i18n/i18next.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { REPORT_CONTACT_MAX, REPORT_NOTE_MAX, certificateMessageKey } from "~/domain/certificate-rules";
import { apiFor } from "~/storefront/api.server";
import { loadProductForRoute } from "~/storefront/catalog.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { CertificateReportSchema } from "~/storefront/forms.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const { product } = await loadProductForRoute(api, params);
  // Only a product that shows a certificate has one to report.
  if (!product.certificate?.number) throw new Response("Not Found", { status: 404 });
  const t = await requestT(request, "shop");
  return data(
    {
      product: { id: product.id, name: product.name, certificate: product.certificate.number },
      meta: [{ title: `${t("certificateReport.title")} | BuildMart NG` }, { name: "robots", content: "noindex" }],
    },
    { headers: await api.headers() },
  );
}

type Field = "note" | "contact";
interface ReportAnswer {
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  formError?: string;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  const form = await readForm(request);
  const t = await requestT(request, "shop");
  const values = { note: String(form.get("note") ?? ""), contact: String(form.get("contact") ?? "") };
  // Messages in the reader's language, written here (the page then needs no forms table nor conform).
  const say = (m: string) => {
    const key = certificateMessageKey(m);
    return key ? t(`certificateReport.errors.${key}`) : m;
  };
  const refused = async (errors: ReportAnswer["errors"], formError?: string, status = 400) =>
    data<ReportAnswer>({ values, errors, ...(formError ? { formError } : {}) }, { status, headers: await api.headers() });
  const parsed = CertificateReportSchema.safeParse(values);
  if (!parsed.success) {
    const errors: ReportAnswer["errors"] = {};
    for (const issue of parsed.error.issues) {
      const f = issue.path[0] as Field;
      errors[f] ??= say(issue.message);
    }
    return refused(errors);
  }
  const { product } = await loadProductForRoute(api, params);
  const r = await api.post(`/products/${product.id}/certificate-report/`, { note: parsed.data.note, contact: parsed.data.contact ?? "" });
  if (!r.ok) {
    const reply = apiErrorsToReply(r.status, r.data, ["note", "contact"], t("certificateReport.failed"));
    const errors: ReportAnswer["errors"] = {};
    for (const f of ["note", "contact"] as const) if (reply.fieldErrors[f]?.[0]) errors[f] = say(reply.fieldErrors[f][0]);
    return refused(errors, reply.formErrors[0] ? say(reply.formErrors[0]) : undefined, r.status >= 500 ? 502 : r.status === 429 ? 429 : 400);
  }
  const back = new URL(request.url).pathname.replace(/\/report-certificate\/?$/, "");
  return redirectWithFlash(api, back, { kind: "success", message: t("certificateReport.thanks") });
}

export const handle = { i18n: ["shop"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => d?.meta ?? [];

export default function ReportCertificateRoute() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ReportAnswer | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation("shop");
  const productPath = location.pathname.replace(/\/report-certificate\/?$/, "");
  const err = (f: Field) =>
    answer?.errors[f] ? (
      <p id={`report-${f}-error`} className="field-error">
        {answer.errors[f]}
      </p>
    ) : null;
  const invalid = (f: Field) => (answer?.errors[f] ? { "aria-invalid": true, "aria-describedby": `report-${f}-error` } : {});
  return (
    <main className="container-page max-w-xl py-4">
      <p className="text-sm">
        <Link to={productPath} className="text-brand-700 underline">
          ‹ {d.product.name}
        </Link>
      </p>
      <h1 className="mt-2 text-xl font-bold">{t("certificateReport.title")}</h1>
      <p className="mt-1 text-sm text-gray-700">{t("certificateReport.intro", { number: d.product.certificate })}</p>
      <Form method="post" className="mt-4 space-y-4" key={JSON.stringify(answer?.values ?? null)}>
        <div>
          <label htmlFor="report-note" className="field-label">
            {t("certificateReport.note")}
          </label>
          <textarea id="report-note" name="note" rows={5} required minLength={10} maxLength={REPORT_NOTE_MAX} defaultValue={answer?.values.note ?? ""} className="field-input" {...invalid("note")} />
          {err("note")}
        </div>
        <div>
          <label htmlFor="report-contact" className="field-label">
            {t("certificateReport.contact")}
          </label>
          <input id="report-contact" name="contact" type="text" maxLength={REPORT_CONTACT_MAX} autoComplete="email" defaultValue={answer?.values.contact ?? ""} className="field-input" {...invalid("contact")} />
          <p className="mt-1 text-xs text-gray-500">{t("certificateReport.contactHint")}</p>
          {err("contact")}
        </div>
        {answer?.formError ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {answer.formError}
          </p>
        ) : null}
        <button type="submit" className="btn h-11 w-full bg-brand-700 text-white hover:bg-orange-800 sm:w-auto" disabled={navigation.state === "submitting"}>
          {t("certificateReport.submit")}
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
