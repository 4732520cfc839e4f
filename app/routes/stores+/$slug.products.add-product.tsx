/**
 * /stores/{slug}/products/add-product — a new product (spec sections 2 and 5): the product form,
 * POST /products/ (multipart), then the add-variant step. Refusals (the form's rules or the API's,
 * e.g. a photo that is not really an image) come back next to their field with everything typed kept.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, productFormSchema } from "~/storefront/forms.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import type { ApiProduct } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { productApiErrors, sentTiers, PRODUCT_FORM_FIELDS, pickedPhotos, productApiForm, productCategories } from "~/storefront/product-form.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

/**
 * The form with conform and its in-browser rules (zod) comes on demand (components/ui/island.tsx):
 * not in the page's first view; until the vendor touches the page it is the server's HTML, a
 * plain multipart POST.
 */
const ProductForm = island(() => import("~/components/vendor/product-form").then((m) => ({ default: m.ProductForm })));
/** Navigations fetch the form's code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ProductForm);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const categories = await productCategories(api);
  const t = await requestT(request, "seller");
  return data({ slug: store.slug, categories, title: t("productForm.addTitle") }, { headers: await api.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  const photos = pickedPhotos(form);
  const submission = parseWithZod(form, { schema: productFormSchema("add") });
  const t = await requestT(request, "seller");
  if (submission.status !== "success") return data({ result: submission.reply(), picked: photos.size }, { status: 400 });
  const r = await api.send<ApiProduct>("POST", "/products/", { form: productApiForm(submission.value, store.id, photos) });
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) {
    const errors = apiErrorsToReply(r.status, productApiErrors(r.data, sentTiers(submission.value).map((x) => x.index)), PRODUCT_FORM_FIELDS, t("productForm.saveFailed"));
    return data({ result: submission.reply(errors), picked: photos.size }, { status: r.status === 400 ? 400 : 502 });
  }
  return redirectWithFlash(api, `/stores/${store.slug}/products/${r.data.id}/add-variant`, { kind: "success", message: t("productForm.added", { name: r.data.name }) });
}

export default function AddProductRoute() {
  const { slug, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("seller");
  return (
    <main className="min-w-0 max-w-3xl">
      <Link to={`/stores/${slug}/products`} className="text-sm text-brand-700 underline">
        ← {t("productsList.title")}
      </Link>
      <h1 className="mt-2 mb-4 text-xl font-bold sm:text-2xl">{t("productForm.addTitle")}</h1>
      <ProductForm mode="add" lastResult={answer?.result} pickedBefore={answer?.picked ?? 0} categories={categories} submitLabel={t("productForm.submit")} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Add Product"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
