/**
 * /stores/{slug}/products/{productId}/add-variant — the step after adding a product (spec sections
 * 2 and 5): choose a variant from the list or type a new one, its value, price and stock (optional:
 * empty shares the product's stock; with stock, the product's stock becomes its options' sum); Add
 * (POST /products/options/) stays here and lists the options added; Skip goes to the products
 * list. Works without JavaScript (the variant field is a text input with a datalist).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { koboToNaira } from "~/domain/money";
import type { ApiStoreProductOption, ApiVariant, Paged } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { parseWithZod, VariantStepSchema } from "~/storefront/forms.server";
import { storeProduct } from "~/storefront/product-form.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { island, islandsLoader } from "~/components/ui/island";

/** The page's content and conform come on demand (components/ui/island.tsx): not in its first view. */
const AddVariantPage = island(() => import("~/components/vendor/add-variant-page").then((m) => ({ default: m.AddVariantPage })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(AddVariantPage);

export default function AddVariantRoute() {
  return <AddVariantPage />;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const [variants, options] = await Promise.all([
    api.get<Paged<ApiVariant>>("/products/variants/?page_size=100", { auth: false }),
    api.must(api.get<ApiStoreProductOption[]>(`/products/${product.id}/options/`)),
  ]);
  const t = await requestT(request, "seller");
  return data(
    { title: t("variantForm.title"), slug: store.slug, product: { id: product.id, name: product.name }, variants: variants.ok ? variants.data.results : [], options },
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
  const t = await requestT(request, "seller");
  const r = await api.post<ApiStoreProductOption>("/products/options/", {
    product: product.id,
    variant,
    value,
    price: koboToNaira(price),
    ...(stock_quantity !== undefined ? { stock_quantity } : {}),
  });
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) {
    const errors = apiErrorsToReply(r.status, r.data, ["variant", "value", "price", "stock_quantity"], t("variantForm.failed"));
    return data(submission.reply(errors), { status: r.status === 400 ? 400 : 502 });
  }
  return redirectWithFlash(api, `/stores/${store.slug}/products/${product.id}/add-variant`, { kind: "success", message: t("variantForm.flashAdded", { variant: r.data.variant_name, value: r.data.value }) });
}



export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Add variant"}${d ? ` | ${d.product.name}` : ""} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
