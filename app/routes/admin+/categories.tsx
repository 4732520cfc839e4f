/**
 * /admin/categories — the category tree: add, rename, move (a move under itself or its
 * own subcategory is refused), retire / restore (a retired category leaves menus and listings; one
 * with products is never deleted), delete when empty.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, PageTitle, resultFor, TableScroll, td, th } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { runAdminForm } from "~/storefront/admin.server";
import type { ApiAdminCategory } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { CategoryCreateSchema, CategoryMoveSchema, CategoryRenameSchema, CertificateRequirementSchema, OptionalReasonSchema } from "~/storefront/forms.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";
import { island, islandsLoader } from "~/components/ui/island";

/** The forms and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const CreateForm = island(() => import("~/components/admin/category-forms").then((m) => ({ default: m.CreateForm })));
const RenameForm = island(() => import("~/components/admin/category-forms").then((m) => ({ default: m.RenameForm })));
const MoveForm = island(() => import("~/components/admin/category-forms").then((m) => ({ default: m.MoveForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS, CreateForm, RenameForm, MoveForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const categories = await api.must(api.get<ApiAdminCategory[]>("/admin/categories/"));
  return data({ categories }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fallback = "/admin/categories";
  if (intent === "create") return runAdminForm(api, request, form, { schema: CategoryCreateSchema, path: "/admin/categories/", done: "Category added.", fallback });
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw unknownIntent();
  switch (intent) {
    case "rename":
      return runAdminForm(api, request, form, { schema: CategoryRenameSchema, path: `/admin/categories/${id}/rename/`, done: "Category renamed.", fallback });
    case "move":
      return runAdminForm(api, request, form, { schema: CategoryMoveSchema, path: `/admin/categories/${id}/move/`, done: "Category moved.", fallback });
    case "retire":
      return runAdminForm(api, request, form, { schema: OptionalReasonSchema, path: `/admin/categories/${id}/retire/`, done: "Category retired: it left menus and listings.", fallback });
    case "restore":
      return runAdminForm(api, request, form, { schema: OptionalReasonSchema, path: `/admin/categories/${id}/restore/`, done: "Category restored.", fallback });
    case "certificate":
      return runAdminForm(api, request, form, {
        schema: CertificateRequirementSchema,
        path: `/admin/categories/${id}/certificate/`,
        done: form.get("required") === "true" ? "Its products now need a SON certificate to be published." : "Its products no longer need a SON certificate.",
        fallback,
      });
    case "delete":
      return runAdminForm(api, request, form, { schema: OptionalReasonSchema, method: "DELETE", path: `/admin/categories/${id}/`, done: "Category deleted.", fallback });
    default:
      throw unknownIntent();
  }
}

export const meta: MetaFunction = () => [{ title: "Categories | Admin | BuildMart NG" }];






export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main>
      <PageTitle title="Categories">A category with products cannot be deleted, only retired: a retired category and its products leave menus and listings.</PageTitle>
      <CreateForm categories={categories} lastResult={resultFor(result, "create", "")} />
      <TableScroll label="Categories">
        <thead>
          <tr>
            <th className={th}>Category</th>
            <th className={th}>Products</th>
            <th className={th}>Status</th>
            <th className={th}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {categories.map((c) => (
            <tr key={c.id} data-testid={`category-row-${c.slug}`}>
              <td className={td}>
                <div className="font-medium">{c.path}</div>
                <div className="text-xs text-gray-500">/{c.slug}</div>
              </td>
              <td className={`${td} tabular-nums`}>
                {c.products_count}
                {c.subcategories_count ? <div className="text-xs text-gray-500">{c.subcategories_count} sub</div> : null}
              </td>
              <td className={`${td} space-y-1`}>
                <div>{c.retired_at ? <Badge tone="amber">Retired</Badge> : <Badge tone="green">In use</Badge>}</div>
                {c.requires_certificate ? (
                  <div>
                    <Badge tone="blue">SON certificate needed</Badge>
                  </div>
                ) : null}
              </td>
              <td className={`${td} space-x-1 space-y-1 whitespace-nowrap`}>
                <RenameForm c={c} lastResult={resultFor(result, "rename", c.id)} />
                <MoveForm c={c} categories={categories} lastResult={resultFor(result, "move", c.id)} />
                {c.retired_at ? (
                  <ActionButton intent="restore" id={c.id} label="Restore" tone="good" result={resultFor(result, "restore", c.id)} />
                ) : (
                  <ActionButton intent="retire" id={c.id} label="Retire" tone="danger" result={resultFor(result, "retire", c.id)} />
                )}
                <ActionButton
                  intent="certificate"
                  id={c.id}
                  label={c.requires_certificate ? "Stop requiring a certificate" : "Require a SON certificate"}
                  fields={{ required: c.requires_certificate ? "false" : "true" }}
                  result={resultFor(result, "certificate", c.id)}
                />
                {c.products_count === 0 && c.subcategories_count === 0 ? (
                  <ActionButton intent="delete" id={c.id} label="Delete" tone="danger" result={resultFor(result, "delete", c.id)} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </TableScroll>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
