/**
 * /stores/{slug}/products/{productId}/delete — the confirmation step of Delete (works without
 * JavaScript): GET asks "Delete {name}?", the POST calls DELETE /products/{id}/ and returns to the
 * products list with a flash.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Spinner } from "~/components/ui/spinner";
import { apiMessage } from "~/storefront/form-reply";
import { storeProduct } from "~/storefront/product-form.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  const t = await requestT(request, "seller");
  return data({ title: t("productPage.deleteTitle", { name: product.name }), slug: store.slug, product: { id: product.id, name: product.name } }, { headers: await api.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const product = await storeProduct(api, store.id, params.productId);
  await readForm(request);
  const r = await api.delete(`/products/${product.id}/`);
  const list = `/stores/${store.slug}/products`;
  const t = await requestT(request, "seller");
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok && r.status !== 404) return redirectWithFlash(api, list, { kind: "error", message: apiMessage(r.data, t("productPage.deleteFailed", { name: product.name })) });
  return redirectWithFlash(api, list, { kind: "success", message: t("productPage.deleted", { name: product.name }) });
}

export default function DeleteProductRoute() {
  const { slug, product } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("seller");
  return (
    <main className="min-w-0">
      <section className="max-w-lg rounded-lg border border-gray-200 bg-white p-6" aria-labelledby="delete-title">
        <h1 id="delete-title" className="text-xl font-bold">
          {t("productPage.deleteTitle", { name: product.name })}
        </h1>
        <p className="mt-2 text-gray-700">{t("productPage.deleteText")}</p>
        <Form method="post" className="mt-5 flex flex-wrap gap-3">
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
            {busy ? <Spinner /> : null}
            {t("productsList.delete")}
          </button>
          <Link to={`/stores/${slug}/products`} className="btn-outline">
            {t("members.cancel")}
          </Link>
        </Form>
      </section>
    </main>
  );
}

// The page's question without its question mark ("Delete {{name}}").
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? d.title.replace(/\?$/, "") : "Delete product"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
