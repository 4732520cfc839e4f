/**
 * /stores/{slug}/products/{productId}/edit — "Edit Product" (spec sections 2, 4, 5): the product
 * form filled in, the existing photos in their four slots. Saving sends the fields (and photos for
 * empty slots) with PATCH /products/{id}/, then PATCH /products/images/{imageId}/ for each slot
 * whose photo was replaced, and returns to the products list (303) with a flash.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, productFormSchema } from "~/storefront/forms.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import type { ApiProduct, ApiProductImage } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { productApiErrors, sentTiers, tradeDefaults, PRODUCT_FORM_FIELDS, categoryDefaults, pickedPhotos, productApiForm, productCategories, storeProduct } from "~/storefront/product-form.server";
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
  const product = await storeProduct(api, store.id, params.productId);
  const [categories, photos] = await Promise.all([productCategories(api), api.must(api.get<ApiProductImage[]>(`/products/${product.id}/images/`))]);
  const t = await requestT(request, "seller");
  return data(
    {
      title: t("productForm.editTitle"),
      slug: store.slug,
      categories,
      product: { id: product.id, name: product.name },
      photos: photos.map((p) => ({ position: p.position, image: p.image })),
      certificatePhoto: product.certificate?.image ?? null,
      defaults: {
        type: product.type,
        ...categoryDefaults(categories, product.category_id),
        name: product.name,
        price: String(product.price),
        size: product.size,
        stock_quantity: String(product.stock_quantity),
        description: product.description,
        ...tradeDefaults(product),
        certificate_number: product.certificate?.number ?? "",
      },
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const form = await readForm(request);
  const photos = pickedPhotos(form);
  const submission = parseWithZod(form, { schema: productFormSchema("edit") });
  const t = await requestT(request, "seller");
  if (submission.status !== "success") return data({ result: submission.reply(), picked: photos.size }, { status: 400 });
  const slots = await api.must(api.get<ApiProductImage[]>(`/products/${product.id}/images/`));
  const inSlot = new Map(slots.map((s) => [s.position, s.id]));
  // Empty slots get their photo with the fields; a slot with a photo is replaced on its own.
  const added = new Map([...photos].filter(([slot]) => !inSlot.has(slot)));
  const replaced = [...photos].filter(([slot]) => inSlot.has(slot));
  const fail = (status: number, body: unknown, extra: string[] = []) => {
    const errors = apiErrorsToReply(status, productApiErrors(body, sentTiers(submission.value).map((r) => r.index)), PRODUCT_FORM_FIELDS, t("productForm.saveFailed"));
    return data({ result: submission.reply({ ...errors, formErrors: [...errors.formErrors, ...extra] }), picked: photos.size }, { status: status === 400 ? 400 : 502 });
  };
  const r = await api.send<ApiProduct>("PATCH", `/products/${product.id}/`, { form: productApiForm(submission.value, store.id, added) });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok) return fail(r.status, r.data);
  const refused: Record<string, string[]> = {};
  let status = 400;
  for (const [slot, file] of replaced) {
    const body = new FormData();
    body.set("image", file, file.name || `photo-${slot + 1}`);
    const p = await api.send("PATCH", `/products/images/${inSlot.get(slot)}/`, { form: body });
    if (p.ok) continue;
    if (p.status === 401) throw await api.signedOut();
    if (p.status !== 400) status = p.status;
    const e = apiErrorsToReply(p.status, p.data, ["image"]);
    refused[`image[${slot}]`] = e.fieldErrors.image ?? e.formErrors;
  }
  if (Object.keys(refused).length) {
    return fail(status, refused, [t("productForm.photoNotSaved")]);
  }
  return redirectWithFlash(api, `/stores/${store.slug}/products`, { kind: "success", message: t("productForm.updated", { name: submission.value.name }) });
}

export default function EditProductRoute() {
  const { slug, categories, product, photos, defaults, certificatePhoto } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("seller");
  return (
    <main className="min-w-0 max-w-3xl">
      <Link to={`/stores/${slug}/products`} className="text-sm text-brand-700 underline">
        ← {t("productsList.title")}
      </Link>
      <h1 className="mt-2 mb-4 text-xl font-bold sm:text-2xl">
        {t("productForm.editTitle")} <span className="font-normal text-gray-700">· {product.name}</span>
      </h1>
      <ProductForm
        mode="edit"
        lastResult={answer?.result}
        pickedBefore={answer?.picked ?? 0}
        categories={categories}
        defaultValue={defaults}
        photos={photos}
        certificatePhoto={certificatePhoto}
        submitLabel={t("productForm.save")}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Edit Product"} ${d?.product.name ?? ""} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
