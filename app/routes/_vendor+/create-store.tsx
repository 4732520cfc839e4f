/**
 * /create-store — the vendor wizard (spec sections 2, 4, 5): Contact, Brand, Socials, for
 * signed-in users (others go to /auth/login and come back). Every step is a plain multipart POST
 * that works without JavaScript:
 * - intent `next` (Proceed) checks the current step with the schemas of app/domain/stores.ts and
 *   moves on; `goto-N` (a step number, or Back) goes back freely, forward only when every step
 *   before N is valid (else it shows the first invalid step with its messages);
 * - a logo or banner chosen at the Brand step is sent at once to POST /stores/uploads/; its signed
 *   token and preview URL are carried in hidden fields like the text, a refused file shows the
 *   API's message next to its field;
 * - `create` (Become a Vendor) checks all steps, POSTs /stores/ with the upload tokens and lands
 *   on /stores/{slug}/dashboard.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import type { WizardValues } from "~/components/vendor/store-wizard";
import { DEFAULT_SOCIALS, STORE_WIZARD_STEPS, STORE_WIZARD_TEXT_FIELDS, wizardStepOf, type StoreWizardStep } from "~/domain/store-rules";
import type { Api } from "~/storefront/api.server";
import type { ApiStore, ApiStoreUpload } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { STORE_STEP_SCHEMAS } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { sayImage } from "~/storefront/store-wizard.server";

/** The wizard's texts: the `seller` namespace (its form messages: `forms`, through the shared ErrorList). */
export const handle = { i18n: ["seller"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const values: WizardValues = { firstName: user.firstName, lastName: user.lastName, email: user.email, ...DEFAULT_SOCIALS };
  const t = await requestT(request, "seller");
  return data({ values, title: t("wizard.title") }, { headers: await api.headers() });
}

const ALL_FIELDS = STORE_WIZARD_STEPS.flatMap((s) => [...s.fields]);
const PREVIEW_URL = /^(https?:\/\/[^/\s]+)?\/media\/stores\/[0-9a-f-]+\.(png|jpg|webp)(\?[^\s]*)?$/;

/** The text the form carried (strings only; a preview URL only if it is one of our store images). */
function carried(form: FormData): WizardValues {
  const values: WizardValues = {};
  for (const f of STORE_WIZARD_TEXT_FIELDS) {
    const v = form.get(f);
    if (typeof v === "string" && v !== "") values[f] = v.slice(0, 20_000);
  }
  for (const f of ["logo_url", "banner_url"] as const) if (values[f] && !PREVIEW_URL.test(values[f])) delete values[f];
  for (const f of ["logo", "banner"] as const) if (!values[`${f}_upload`]) delete values[`${f}_url`];
  return values;
}

function stepErrors(step: StoreWizardStep, values: WizardValues): Record<string, string[]> {
  const r = STORE_STEP_SCHEMAS[step].safeParse(values);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const k = String(issue.path[0] ?? "");
    (out[k] ??= []).push(issue.message);
  }
  return out;
}

async function show(api: Api, step: StoreWizardStep, values: WizardValues, errors: Record<string, string[]> = {}) {
  const failed = Object.keys(errors).length > 0;
  const result: SubmissionResult<string[]> = {
    status: failed ? "error" : undefined,
    initialValue: values,
    error: failed ? errors : undefined,
    state: { validated: {} },
  };
  return data({ step, values, result, at: Date.now() }, { status: failed ? 400 : 200, headers: await api.headers() });
}

const toStep = (v: unknown): StoreWizardStep => (v === "2" ? 2 : v === "3" ? 3 : 1);

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const t = await requestT(request, "seller");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const current = toStep(form.get("step"));
  const values = carried(form);

  let target: StoreWizardStep | 4;
  if (intent === "next") target = Math.min(current + 1, 3) as StoreWizardStep;
  else if (intent === "create") target = 4;
  else if (/^goto-[123]$/.test(intent)) target = toStep(intent.slice(5));
  else throw unknownIntent();

  // Files chosen at the Brand step are stored now; their tokens ride along from here on.
  const uploadErrors: Record<string, string[]> = {};
  for (const f of ["logo", "banner"] as const) {
    const file = form.get(f);
    if (!(file instanceof File) || file.size === 0) continue;
    const fd = new FormData();
    fd.append("image", file, file.name || f);
    const r = await api.send<ApiStoreUpload>("POST", "/stores/uploads/", { form: fd });
    if (r.status === 401) throw await api.signedOut();
    if (r.ok) {
      values[`${f}_upload`] = r.data.upload;
      values[`${f}_url`] = r.data.url;
    } else {
      const reply = apiErrorsToReply(r.status, r.data, ["image"], t("wizard.uploadFailed"));
      uploadErrors[f] = sayImage(t, reply.fieldErrors.image ?? reply.formErrors);
    }
  }
  if (Object.keys(uploadErrors).length) return show(api, 2, values, { ...(target > 2 ? stepErrors(2, values) : {}), ...uploadErrors });

  // Back (or staying): no checks. Forward: every step before the target must be valid.
  if (target <= current) return show(api, target as StoreWizardStep, values);
  for (let s = 1; s < target; s++) {
    const errors = stepErrors(s as StoreWizardStep, values);
    if (Object.keys(errors).length) return show(api, s as StoreWizardStep, values, errors);
  }
  if (target <= 3) return show(api, target as StoreWizardStep, values);

  // Become a Vendor.
  const body = new FormData();
  for (const f of ["name", "email", "phone", "address", "state", "description", "business_license_number", "slug", "website"] as const) body.append(f, values[f] ?? "");
  // The default social URLs in the form are hints, not the store's pages.
  for (const f of ["facebook", "instagram", "x"] as const) body.append(f, values[f] && values[f] !== DEFAULT_SOCIALS[f] ? values[f] : "");
  body.append("agreement", values.agreement ? "true" : "false");
  for (const f of ["logo_upload", "banner_upload"] as const) if (values[f]) body.append(f, values[f]);
  const r = await api.send<ApiStore>("POST", "/stores/", { form: body });
  if (r.status === 401) throw await api.signedOut();
  if (r.ok) return redirectWithFlash(api, `/stores/${encodeURIComponent(r.data.slug)}/dashboard`, { kind: "success", message: t("wizard.welcome", { name: r.data.name }) });
  const reply = apiErrorsToReply(r.status, r.data, ALL_FIELDS, t("wizard.createFailed"));
  // A refused upload token (expired) is dropped: the vendor chooses the image again.
  for (const f of ["logo", "banner"] as const)
    if (reply.fieldErrors[f]) {
      reply.fieldErrors[f] = sayImage(t, reply.fieldErrors[f]);
      delete values[`${f}_upload`];
      delete values[`${f}_url`];
    }
  const first = Object.keys(reply.fieldErrors).map(wizardStepOf).filter((s): s is StoreWizardStep => s !== null).sort()[0] ?? 3;
  return show(api, first, values, { ...reply.fieldErrors, ...(reply.formErrors.length ? { "": reply.formErrors } : {}) });
}

/** The wizard's form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const StoreWizard = island(() => import("~/components/vendor/store-wizard").then((m) => ({ default: m.StoreWizard })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(StoreWizard);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Open your store"} | BuildMart NG` }];

export default function CreateStoreRoute() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("seller");
  const answer = useActionData<typeof action>();
  const step = answer?.step ?? 1;
  const values = answer?.values ?? loaded.values;
  return (
    <main className="container-page py-6">
      <div className="mx-auto max-w-2xl rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h1 className="text-xl font-bold sm:text-2xl">{t("wizard.title")}</h1>
        <p className="mb-4 mt-1 text-sm text-gray-600">{t("wizard.intro")}</p>
        {/* Keyed by the answer: every step change starts the form afresh from the carried values. */}
        <StoreWizard key={answer?.at ?? 0} step={step} lastResult={answer?.result} values={values} />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
