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
import { ErrorList } from "~/components/ui/error-list";
import { REPORT_CONTACT_MAX, REPORT_NOTE_MAX } from "~/domain/certificates";
import { formProps, inputProps, textareaProps, useReplyForm } from "~/components/ui/reply-form";
import { apiFor } from "~/storefront/api.server";
import { loadProductForRoute } from "~/storefront/catalog.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { CertificateReportSchema, parseWithZod } from "~/storefront/forms.server";
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

export async function action({ request, params, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: CertificateReportSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { product } = await loadProductForRoute(api, params);
  const t = await requestT(request, "shop");
  const r = await api.post(`/products/${product.id}/certificate-report/`, { note: submission.value.note, contact: submission.value.contact ?? "" });
  if (!r.ok) {
    const reply = apiErrorsToReply(r.status, r.data, ["note", "contact"], t("certificateReport.failed"));
    return data({ result: submission.reply(reply) }, { status: r.status >= 500 ? 502 : r.status === 429 ? 429 : 400, headers: await api.headers() });
  }
  const back = new URL(request.url).pathname.replace(/\/report-certificate\/?$/, "");
  return redirectWithFlash(api, back, { kind: "success", message: t("certificateReport.thanks") });
}

export const handle = { i18n: ["shop", "forms"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => d?.meta ?? [];

export default function ReportCertificateRoute() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation("shop");
  const productPath = location.pathname.replace(/\/report-certificate\/?$/, "");
  const [form, fields] = useReplyForm({
    id: "certificate-report",
    lastResult: answer?.result,
    constraint: { note: { required: true, minLength: 10, maxLength: REPORT_NOTE_MAX }, contact: { maxLength: REPORT_CONTACT_MAX } },
  });
  return (
    <main className="container-page max-w-xl py-4">
      <p className="text-sm">
        <Link to={productPath} className="text-brand-700 underline">
          ‹ {d.product.name}
        </Link>
      </p>
      <h1 className="mt-2 text-xl font-bold">{t("certificateReport.title")}</h1>
      <p className="mt-1 text-sm text-gray-700">{t("certificateReport.intro", { number: d.product.certificate })}</p>
      <Form method="post" {...formProps(form)} className="mt-4 space-y-4">
        <div>
          <label htmlFor={fields.note.id} className="field-label">
            {t("certificateReport.note")}
          </label>
          <textarea {...textareaProps(fields.note)} rows={5} className="field-input" />
          <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
        </div>
        <div>
          <label htmlFor={fields.contact.id} className="field-label">
            {t("certificateReport.contact")}
          </label>
          <input {...inputProps(fields.contact, { type: "text" })} autoComplete="email" className="field-input" />
          <p className="mt-1 text-xs text-gray-500">{t("certificateReport.contactHint")}</p>
          <ErrorList id={fields.contact.errorId} errors={fields.contact.errors} />
        </div>
        {form.errors?.length ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {form.errors[0]}
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
