/**
 * /stores/{slug}/products/{id}/add-variant's form: a variant of the product (conform; the
 * domain's schema in the browser once ./validators.ts has loaded at the form's first focus).
 * Fetched on demand by the page (../ui/island.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ApiStoreProductOption, ApiVariant } from "~/storefront/api-types";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { primaryButton } from "../ui/button";
import { useLateModule, validateWith } from "../ui/late-validation";
import { Spinner } from "../ui/spinner";
import { formatNaira } from "~/domain/money";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { useFormMessage } from "../ui/error-list";

// zod and the schemas load at a form's first focus (../ui/late-validation.ts).
const loadValidators = () => import("./validators");

export function Box({ label, hint, meta, children }: { label: string; hint?: string; meta: { id: string; errorId: string; errors?: string[] }; children: ReactNode }) {
  const say = useFormMessage();
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {hint ? <span className="ml-1 font-normal text-gray-600">({hint})</span> : null}
      </label>
      {children}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="field-error">
          {say(meta.errors[0])}
        </p>
      ) : null}
    </div>
  );
}

/** What the page's loader answers (routes/stores+/$slug.products.$productId.add-variant.tsx). */
export interface AddVariantData {
  slug: string;
  product: { id: number; name: string };
  variants: ApiVariant[];
  options: ApiStoreProductOption[];
}

export function AddVariantPage() {
  const { slug, product, variants, options } = useLoaderData() as AddVariantData;
  const lastResult = useActionData() as SubmissionResult<string[]> | undefined;
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("seller");
  const say = useFormMessage();
  const validators = useLateModule("add-variant", loadValidators);
  const [form, fields] = useForm({
    id: "add-variant",
    lastResult,
    ...validateWith(validators?.validateVariantStep, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <main className="min-w-0 max-w-2xl">
      <h1 className="text-xl font-bold sm:text-2xl">{t("variantForm.title")}</h1>
      <p className="mt-1 text-gray-700">
        <Trans t={t} i18nKey="variantForm.intro" values={{ name: product.name }} components={{ b: <span className="font-semibold" data-user-text /> }} />
      </p>
      <section aria-labelledby="added-title" className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="added-title" className="font-semibold">
          {t("variantForm.optionsAdded")}
        </h2>
        {options.length ? (
          <ul className="mt-2 space-y-1 text-sm" data-testid="options-added">
            {options.map((o) => (
              <li key={o.id}>
                {o.variant_name}: {o.value} · {formatNaira(o.price)}
                {o.stock_quantity !== null ? ` · ${t("variantForm.inStock", { n: o.stock_quantity })}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t("variantForm.noneYet")}</p>
        )}
      </section>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        {form.errors?.length ? (
          <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {form.errors.map(say).join(" ")}
          </p>
        ) : null}
        <Box label={t("variantForm.variant")} hint={t("variantForm.variantHint")} meta={fields.variant}>
          <input {...getInputProps(fields.variant, { type: "text" })} list="variant-names" autoComplete="off" className="field-input" />
          <datalist id="variant-names">
            {variants.map((v) => (
              <option key={v.id} value={v.name} />
            ))}
          </datalist>
        </Box>
        <div className="grid gap-3 sm:grid-cols-3">
          <Box label={t("variantForm.value")} meta={fields.value}>
            <input {...getInputProps(fields.value, { type: "text" })} className="field-input" />
          </Box>
          <Box label={t("productForm.price")} meta={fields.price}>
            <input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" className="field-input" />
          </Box>
          <Box label={t("variantForm.stock")} hint={t("variantForm.optional")} meta={fields.stock_quantity}>
            <input {...getInputProps(fields.stock_quantity, { type: "text" })} inputMode="numeric" className="field-input" />
          </Box>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? <Spinner /> : null}
            {t("variantForm.add")}
          </button>
          <Link to={`/stores/${slug}/products`} className="btn-outline">
            {t(options.length ? "variantForm.done" : "variantForm.skip")}
          </Link>
        </div>
      </Form>
    </main>
  );
}
