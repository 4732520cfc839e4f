/**
 * /stores/{slug}/products/{productId}/add-variant — the step after adding a product (spec sections
 * 2 and 5): choose a variant from the list or type a new one, its value, price and stock (optional:
 * empty shares the product's stock; with stock, the product's stock becomes its options' sum); Add
 * (POST /products/options/) stays here and lists the options added; Skip goes to the products
 * list. Works without JavaScript (the variant field is a text input with a datalist).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { useLateModule, validateWith } from "~/components/ui/late-validation";
import { Spinner } from "~/components/ui/spinner";
import { formatNaira, koboToNaira } from "~/domain/money";
import type { ApiStoreProductOption, ApiVariant, Paged } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { parseWithZod, VariantStepSchema } from "~/storefront/forms.server";
import { storeProduct } from "~/storefront/product-form.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const [variants, options] = await Promise.all([
    api.get<Paged<ApiVariant>>("/products/variants/?page_size=100", { auth: false }),
    api.must(api.get<ApiStoreProductOption[]>(`/products/${product.id}/options/`)),
  ]);
  return data(
    { slug: store.slug, product: { id: product.id, name: product.name }, variants: variants.ok ? variants.data.results : [], options },
    { headers: await api.headers() },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: VariantStepSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { variant, value, price, stock_quantity } = submission.value;
  const r = await api.post<ApiStoreProductOption>("/products/options/", {
    product: product.id,
    variant,
    value,
    price: koboToNaira(price),
    ...(stock_quantity !== undefined ? { stock_quantity } : {}),
  });
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) {
    const errors = apiErrorsToReply(r.status, r.data, ["variant", "value", "price", "stock_quantity"], "The variant could not be added. Please try again.");
    return data(submission.reply(errors), { status: r.status === 400 ? 400 : 502 });
  }
  return redirectWithFlash(api, `/stores/${store.slug}/products/${product.id}/add-variant`, { kind: "success", message: `${r.data.variant_name} ${r.data.value} was added` });
}

// zod and the schema load at the form's first focus (components/ui/late-validation.ts).
const loadValidators = () => import("~/components/vendor/validators");

export default function AddVariantRoute() {
  const { slug, product, variants, options } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const validators = useLateModule("add-variant", loadValidators);
  const [form, fields] = useForm({
    id: "add-variant",
    lastResult,
    ...validateWith(validators?.validateVariantStep, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <main className="min-w-0 max-w-2xl">
      <h1 className="text-xl font-bold sm:text-2xl">Add variant</h1>
      <p className="mt-1 text-gray-700">
        Options of <span className="font-semibold">{product.name}</span>, e.g. Colour: Red, or Size: 50 kg. You can skip this step.
      </p>
      <section aria-labelledby="added-title" className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="added-title" className="font-semibold">
          Options added
        </h2>
        {options.length ? (
          <ul className="mt-2 space-y-1 text-sm" data-testid="options-added">
            {options.map((o) => (
              <li key={o.id}>
                {o.variant_name}: {o.value} · {formatNaira(o.price)}
                {o.stock_quantity !== null ? ` · ${o.stock_quantity} in stock` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">None yet.</p>
        )}
      </section>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        {form.errors?.length ? (
          <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <Box label="Variant" hint="choose one or type a new one" meta={fields.variant}>
          <input {...getInputProps(fields.variant, { type: "text" })} list="variant-names" autoComplete="off" className="field-input" />
          <datalist id="variant-names">
            {variants.map((v) => (
              <option key={v.id} value={v.name} />
            ))}
          </datalist>
        </Box>
        <div className="grid gap-3 sm:grid-cols-3">
          <Box label="Value" meta={fields.value}>
            <input {...getInputProps(fields.value, { type: "text" })} className="field-input" />
          </Box>
          <Box label="Price (₦)" meta={fields.price}>
            <input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" className="field-input" />
          </Box>
          <Box label="Stock" hint="optional" meta={fields.stock_quantity}>
            <input {...getInputProps(fields.stock_quantity, { type: "text" })} inputMode="numeric" className="field-input" />
          </Box>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? <Spinner /> : null}
            Add
          </button>
          <Link to={`/stores/${slug}/products`} className="btn-outline">
            {options.length ? "Done" : "Skip"}
          </Link>
        </div>
      </Form>
    </main>
  );
}

function Box({ label, hint, meta, children }: { label: string; hint?: string; meta: { id: string; errorId: string; errors?: string[] }; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {hint ? <span className="ml-1 font-normal text-gray-600">({hint})</span> : null}
      </label>
      {children}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="field-error">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `Add variant${d ? ` | ${d.product.name}` : ""} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
