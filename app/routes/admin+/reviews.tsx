/** /admin/reviews — reviews: hide with a reason (out of the product's reviews and rating summary) / show again. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, Filters, PageTitle, Pager, ReasonAction, resultFor, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listQuery, runAdminForm } from "~/storefront/admin.server";
import type { ApiAdminReview, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { OptionalReasonSchema, RequiredReasonSchema } from "~/storefront/forms.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";
import { islandsLoader } from "~/components/ui/island";

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const { qs, page, filters } = listQuery(request, ["search", "status", "product"]);
  const reviews = await api.must(api.get<Paged<ApiAdminReview>>(`/admin/reviews/?${qs}`));
  return data({ reviews, page, filters }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  if ((intent !== "hide" && intent !== "unhide") || !Number.isInteger(id) || id <= 0) throw unknownIntent();
  return runAdminForm(api, request, form, {
    schema: intent === "hide" ? RequiredReasonSchema : OptionalReasonSchema,
    path: `/admin/reviews/${id}/${intent}/`,
    done: intent === "hide" ? "Review hidden: it no longer counts in the product's rating." : "Review shown again.",
    fallback: "/admin/reviews",
  });
}

export const meta: MetaFunction = () => [{ title: "Reviews | Admin | BuildMart NG" }];

export default function AdminReviews() {
  const { reviews, page, filters } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main>
      <PageTitle title="Reviews">A hidden review leaves the product page and its rating summary.</PageTitle>
      <Filters
        search={filters.search}
        placeholder="Product, author e-mail or text"
        status={filters.status}
        statuses={[
          ["", "All reviews"],
          ["visible", "Shown"],
          ["hidden", "Hidden"],
        ]}
      />
      {reviews.results.length === 0 ? (
        <p className="text-gray-600">No review matches.</p>
      ) : (
        <TableScroll label="Reviews">
          <thead>
            <tr>
              <th className={th}>Review</th>
              <th className={th}>Product</th>
              <th className={th}>Author</th>
              <th className={th}>Status</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {reviews.results.map((r) => (
              <tr key={r.id} data-testid={`review-row-${r.id}`}>
                <td className={td}>
                  <div className="font-medium">{"★".repeat(r.rating)}{"☆".repeat(5 - r.rating)}</div>
                  <p className="max-w-sm text-gray-700">{r.review_text || <span className="text-gray-400">(no text)</span>}</p>
                  <div className="text-xs text-gray-500">{when(r.created_at)}</div>
                </td>
                <td className={td}>{r.product_name}</td>
                <td className={`${td} break-all`}>{r.user_email}</td>
                <td className={td}>
                  {r.hidden_at ? (
                    <>
                      <Badge tone="amber">Hidden</Badge>
                      <p className="mt-1 max-w-xs text-xs text-gray-600">“{r.hidden_reason}”</p>
                    </>
                  ) : (
                    <Badge tone="green">Shown</Badge>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {r.hidden_at ? (
                    <ActionButton intent="unhide" id={r.id} label="Show again" tone="good" result={resultFor(result, "unhide", r.id)} />
                  ) : (
                    <ReasonAction intent="hide" id={r.id} label="Hide…" submitLabel="Hide review" required result={resultFor(result, "hide", r.id)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pager count={reviews.count} page={page} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
