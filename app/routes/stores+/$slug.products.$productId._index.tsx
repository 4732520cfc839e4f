/**
 * /stores/{slug}/products/{productId} — a product as its store sees it (spec section 2): name,
 * gallery, price, stock, description, category, type and shipment size, its variant options, and
 * the Edit and Delete actions (Delete asks first). Each option has a small form for its stock and
 * price (PATCH /products/options/{id}/; a plain POST, intent=option, that works without
 * JavaScript; messages next to the fields). Once an option has stock, the product's stock is the
 * sum of its options'.
 */
import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { formatNaira, koboToNaira } from "~/domain/money";
import { LOW_STOCK_THRESHOLD } from "~/domain/product-rules";
import type { ApiStoreProductOption } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { OptionUpdateSchema, parseWithZod } from "~/storefront/forms.server";
import { storeProduct } from "~/storefront/product-form.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { positiveId } from "~/storefront/form-answer.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import { island, islandsLoader } from "~/components/ui/island";

/**
 * On demand (components/ui/island.tsx), not in the page's first view: the gallery (its script only
 * follows thumbnail clicks; the photos are server HTML) and the option forms with conform.
 */
const Gallery = island(() => import("~/components/product/gallery").then((m) => ({ default: m.Gallery })));
const OptionRow = island(() => import("~/components/vendor/option-row").then((m) => ({ default: m.OptionRow })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(Gallery, OptionRow);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const options = await api.get<ApiStoreProductOption[]>(`/products/${product.id}/options/`);
  return data({ slug: store.slug, product, options: options.ok ? options.data : [] }, { headers: await api.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const form = await readForm(request);
  if (form.get("intent") !== "option") throw unknownIntent();
  const optionId = positiveId(form.get("optionId"));
  const submission = parseWithZod(form, { schema: OptionUpdateSchema });
  const t = await requestT(request, "seller");
  if (!optionId) return data({ optionId: null, result: submission.reply({ formErrors: ["Choose an option first."] }) }, { status: 400 });
  if (submission.status !== "success") return data({ optionId, result: submission.reply() }, { status: 400 });
  const { stock_quantity, price } = submission.value;
  const r = await api.patch<ApiStoreProductOption>(`/products/options/${optionId}/`, {
    ...(stock_quantity !== undefined ? { stock_quantity } : {}),
    ...(price !== undefined ? { price: koboToNaira(price) } : {}),
  });
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) {
    const errors = apiErrorsToReply(r.status, r.status === 404 ? { detail: t("productPage.optionGone") } : r.data, ["stock_quantity", "price"], t("productPage.optionFailed"));
    return data({ optionId, result: submission.reply(errors) }, { status: r.status === 400 || r.status === 404 ? 400 : 502 });
  }
  return redirectWithFlash(api, `/stores/${store.slug}/products/${product.id}`, { kind: "success", message: t("productPage.optionSaved", { variant: r.data.variant_name, value: r.data.value }) });
}

export default function StoreProductRoute() {
  const { slug, product, options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { optionId: number | null; result: SubmissionResult<string[]> } | undefined;
  const base = `/stores/${slug}/products/${product.id}`;
  const low = product.stock_quantity <= LOW_STOCK_THRESHOLD;
  const { t } = useTranslation("seller");
  const { t: tc } = useTranslation("common");
  return (
    <main className="min-w-0">
      <Link to={`/stores/${slug}/products`} className="text-sm text-brand-700 underline">
        ← {t("productsList.title")}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-xl font-bold sm:text-2xl" data-user-text>
          {product.name}
        </h1>
        <div className="flex gap-2">
          <Link to={`${base}/edit`} className={primaryButton}>
            {t("productsList.edit")}
          </Link>
          <Link to={`${base}/delete`} className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50">
            {t("productsList.delete")}
          </Link>
        </div>
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {product.images.length ? (
          <Gallery images={product.images.map((i) => i.image)} name={product.name} lite={false} />
        ) : (
          <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-600">{t("productPage.noPhoto")}</p>
        )}
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm">
            <dt className="text-gray-600">{t("productsList.price")}</dt>
            <dd className="font-semibold">
              {formatNaira(product.selling_price)}
              {product.unit && product.unit !== "piece" ? <span className="font-normal text-gray-600"> {tc(`units.per_${product.unit}`)}</span> : null}
            </dd>
            <dt className="text-gray-600">{t("variantForm.stock")}</dt>
            <dd>
              {product.stock_quantity}
              {options.some((o) => o.stock_quantity !== null) ? <span className="ml-1 text-gray-600">{t("productPage.stockSum")}</span> : null}
              {low ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t("productPage.lowStock")}</span> : null}
            </dd>
            <dt className="text-gray-600">{t("productForm.category")}</dt>
            <dd>{product.category_name}</dd>
            <dt className="text-gray-600">{t("productForm.type")}</dt>
            <dd>{t(product.type === "rent" ? "productForm.rent" : "productForm.sale")}</dd>
            <dt className="text-gray-600">{t("productForm.size")}</dt>
            <dd>{t(`productForm.sizes.${product.size}`)}</dd>
            <dt className="text-gray-600">{t("productPage.status")}</dt>
            <dd>{t(product.published ? "productPage.published" : "productsList.unpublished")}</dd>
          </dl>
          <section aria-labelledby="options-title" className="rounded-lg border border-gray-200 bg-white p-4">
            <div className="flex items-center justify-between gap-2">
              <h2 id="options-title" className="font-semibold">
                {t("productPage.variants")}
              </h2>
              <Link to={`${base}/add-variant`} className="text-sm text-brand-700 underline">
                {t("variantForm.title")}
              </Link>
            </div>
            {options.length ? (
              <ul className="mt-2 divide-y divide-gray-100 text-sm" data-testid="option-stock-list">
                {options.map((o) => (
                  <OptionRow key={o.id} option={o} lastResult={answer?.optionId === o.id ? answer.result : undefined} />
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-gray-600">{t("productPage.noVariant")}</p>
            )}
          </section>
        </div>
      </div>
      <section aria-labelledby="description-title" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="description-title" className="font-semibold">
          {t("productForm.description")}
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm text-gray-800" data-user-text>
          {product.description}
        </p>
      </section>
    </main>
  );
}


export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.product.name ?? "Product"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
