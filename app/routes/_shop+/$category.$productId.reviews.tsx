/**
 * All Reviews: /{category}/{productId}/reviews and /products/{productId}/reviews. Back arrow, a
 * summary card computed from the product's reviews, the list with the reviewers' names (paged),
 * and 'Write a review' for a signed-in shopper who has received the product.
 */
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { requestT } from "~/i18n/i18next.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadProductForRoute, productCanonicalPath, siteOrigin } from "~/storefront/catalog.server";
import { BackIcon } from "~/components/ui/icons";
import { routeMeta, seoMeta, type Seo } from "~/components/listing/seo";
import { island, islandsLoader } from "~/components/ui/island";
import { ReviewItem, SummaryCard } from "~/components/product/reviews";
import { formatNaira } from "~/domain/money";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { apiFor } from "~/storefront/api.server";
import { loginRedirect } from "~/storefront/auth.server";
import type { ApiMyReview, ApiReview, ApiReviewSummary, Paged } from "~/storefront/api-types";
import { parseWithZod, ReviewFormSchema } from "~/storefront/forms.server";

export const REVIEWS_PAGE_SIZE = 10;

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const ReviewForm = island(() => import("~/components/product/review-form").then((m) => ({ default: m.ReviewForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ReviewForm);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const { product } = await loadProductForRoute(api, params);
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const [list, summary, mine] = await Promise.all([
    api.get<Paged<ApiReview>>(
      `/reviews/products/${product.id}/?page=${page}&page_size=${REVIEWS_PAGE_SIZE}`,
      { auth: false },
    ),
    api.must(api.get<ApiReviewSummary>(`/reviews/products/${product.id}/summary/`, { auth: false })),
    api.user
      ? api.get<ApiMyReview>(`/reviews/products/${product.id}/mine/`)
      : Promise.resolve(null),
  ]);
  if (!list.ok && page > 1) throw new Response("Not Found", { status: 404 });
  const origin = siteOrigin(request);
  const t = await requestT(request, "shop");
  const seo: Seo = {
    title: `${t("reviews.metaTitle", { name: product.name })} | BuildMart NG`,
    description: t("reviews.metaDescription", { count: summary.count, name: product.name, price: formatNaira(product.selling_price), average: summary.average.toFixed(1) }),
    url: `${origin}${productCanonicalPath(product)}/reviews${page > 1 ? `?page=${page}` : ""}`,
  };
  return data(
    {
      product: { id: product.id, name: product.name, selling_price: product.selling_price },
      reviews: list.ok ? list.data.results : [],
      page,
      hasNext: list.ok && !!list.data.next,
      summary,
      signedIn: !!api.user,
      canReview: !!(mine?.ok && mine.data.can_review),
      myReview: mine?.ok ? mine.data.review : null,
      meta: seoMeta(seo, request),
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  if (!api.user) loginRedirect(request);
  const form = await readForm(request);
  if (form.get("intent") !== "review") throw unknownIntent();
  const submission = parseWithZod(form, { schema: ReviewFormSchema });
  const t = await requestT(request, "shop");
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { product } = await loadProductForRoute(api, params);
  const r = await api.post<ApiReview>(`/reviews/user/${api.user!.id}/`, {
    prod_id: product.id,
    rating: submission.value.rating,
    review_text: submission.value.review_text,
  });
  if (!r.ok) {
    const reply = apiErrorsToReply(r.status, r.data, ["rating", "review_text"], t("reviews.saveFailed"));
    return data({ result: submission.reply(reply) }, { status: r.status === 401 ? 401 : 400, headers: await api.headers() });
  }
  const message = r.status === 201 ? t("reviews.published") : t("reviews.updated");
  return redirectWithFlash(api, new URL(request.url).pathname, { kind: "success", message });
}

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public", i18n: ["shop"] };

export const meta: MetaFunction<typeof loader> = routeMeta;

export default function ReviewsRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const productPath = location.pathname.replace(/\/reviews\/?$/, "");
  const { t } = useTranslation("shop");
  return (
    <main className="container-page py-4">
      <div className="flex items-center gap-2">
        <Link to={productPath} className="rounded-full p-2 hover:bg-gray-100" aria-label={t("reviews.backTo", { name: d.product.name })}>
          <BackIcon />
        </Link>
        <h1 className="text-xl font-bold">{t("reviews.all")}</h1>
      </div>
      <p className="ml-11 text-sm text-gray-600">
        <Link to={productPath} className="hover:underline">
          {d.product.name}
        </Link>
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-[280px_1fr]">
        <div className="space-y-4">
          <SummaryCard summary={d.summary} />
          {d.canReview ? (
            <section id="write-review" className="scroll-mt-20 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="write-h">
              <h2 id="write-h" className="mb-2 text-lg font-bold">
                {d.myReview ? t("reviews.edit") : t("reviews.write")}
              </h2>
              <ReviewForm lastResult={actionData?.result} defaultValue={d.myReview} />
            </section>
          ) : d.signedIn ? (
            <p id="write-review" className="text-sm text-gray-600">{t("reviews.afterDelivery")}</p>
          ) : (
            <p className="text-sm text-gray-600">
              <Trans t={t} i18nKey="reviews.logInToReview" components={{ login: <Link to={`/auth/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="font-semibold text-brand-700 underline" /> }} />
            </p>
          )}
        </div>
        <section className="rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="list-h">
          <h2 id="list-h" className="text-lg font-bold">
            {t("reviews.customer")}
          </h2>
          {d.reviews.length ? (
            <ul data-testid="review-list">
              {d.reviews.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-gray-600">{t("product.noReviews")}</p>
          )}
          <nav aria-label={t("reviews.pages")} className="mt-3 flex justify-between">
            {d.page > 1 ? (
              <Link to={d.page === 2 ? location.pathname : `?page=${d.page - 1}`} className="btn-outline" rel="prev">
                ‹ {t("reviews.newer")}
              </Link>
            ) : (
              <span />
            )}
            {d.hasNext ? (
              <Link to={`?page=${d.page + 1}`} className="btn-outline" rel="next">
                {t("reviews.older")} ›
              </Link>
            ) : null}
          </nav>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
