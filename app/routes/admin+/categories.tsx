/**
 * /admin/categories — the category tree: add, rename, move (a move under itself or its
 * own subcategory is refused), retire / restore (a retired category leaves menus and listings; one
 * with products is never deleted), delete when empty.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionButton, Badge, buttonTones, PageTitle, resultFor, TableScroll, td, th } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/ui/forms";
import { primaryButton } from "~/components/ui/button";
import { useLateModule, validateWith } from "~/components/ui/late-validation";
import { runAdminForm } from "~/storefront/admin.server";
import type { ApiAdminCategory } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { CategoryCreateSchema, CategoryMoveSchema, CategoryRenameSchema, OptionalReasonSchema } from "~/storefront/forms.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";

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
    case "delete":
      return runAdminForm(api, request, form, { schema: OptionalReasonSchema, method: "DELETE", path: `/admin/categories/${id}/`, done: "Category deleted.", fallback });
    default:
      throw unknownIntent();
  }
}

export const meta: MetaFunction = () => [{ title: "Categories | Admin | BuildMart NG" }];

function ParentOptions({ categories, exclude }: { categories: ApiAdminCategory[]; exclude?: number }) {
  return (
    <>
      <option value="">— Top level —</option>
      {categories
        .filter((c) => !c.retired_at && c.id !== exclude)
        .map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.path}
          </option>
        ))}
    </>
  );
}

// zod and the schemas load at a form's first focus (components/ui/late-validation.ts).
const loadValidators = () => import("~/components/admin/validators");

function CreateForm({ categories, lastResult }: { categories: ApiAdminCategory[]; lastResult?: SubmissionResult<string[]> }) {
  const validators = useLateModule("create-category", loadValidators);
  const [form, fields] = useForm({
    id: "create-category",
    lastResult,
    ...validateWith(validators?.validateCategoryCreate, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mb-6 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="create" />
      <div>
        <label htmlFor={fields.name.id} className="field-label">
          New category name
        </label>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={200} className="field-input" />
        <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div>
        <label htmlFor={fields.parent.id} className="field-label">
          Parent
        </label>
        <select {...getSelectProps(fields.parent)} className="field-input">
          <ParentOptions categories={categories} />
        </select>
        <ErrorList id={fields.parent.errorId} errors={fields.parent.errors} />
      </div>
      <button type="submit" className={primaryButton}>
        Add category
      </button>
      <div className="sm:col-span-3">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
    </Form>
  );
}

function RenameForm({ c, lastResult }: { c: ApiAdminCategory; lastResult?: SubmissionResult<string[]> }) {
  const validators = useLateModule(`rename-${c.id}`, loadValidators);
  const [form, fields] = useForm({
    id: `rename-${c.id}`,
    lastResult,
    defaultValue: { name: c.name },
    ...validateWith(validators?.validateCategoryRename, { shouldValidate: "onSubmit" }),
  });
  const failed = !!(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details className="inline-block align-top" open={failed || undefined}>
      <summary className={`${buttonTones.neutral} cursor-pointer list-none`}>Rename…</summary>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-2 w-60 space-y-2 rounded border border-gray-200 bg-gray-50 p-2">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={String(c.id)} />
        <label htmlFor={fields.name.id} className="field-label">
          Name
        </label>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={200} className="field-input" />
        <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={buttonTones.neutral}>
          Save name
        </button>
      </Form>
    </details>
  );
}

function MoveForm({ c, categories, lastResult }: { c: ApiAdminCategory; categories: ApiAdminCategory[]; lastResult?: SubmissionResult<string[]> }) {
  const validators = useLateModule(`move-${c.id}`, loadValidators);
  const [form, fields] = useForm({
    id: `move-${c.id}`,
    lastResult,
    defaultValue: { parent: c.parent ? String(c.parent) : "" },
    ...validateWith(validators?.validateCategoryMove, { shouldValidate: "onSubmit" }),
  });
  const failed = !!(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details className="inline-block align-top" open={failed || undefined}>
      <summary className={`${buttonTones.neutral} cursor-pointer list-none`}>Move…</summary>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-2 w-60 space-y-2 rounded border border-gray-200 bg-gray-50 p-2">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={String(c.id)} />
        <label htmlFor={fields.parent.id} className="field-label">
          New parent
        </label>
        <select {...getSelectProps(fields.parent)} className="field-input">
          <ParentOptions categories={categories} exclude={c.id} />
        </select>
        <ErrorList id={fields.parent.errorId} errors={fields.parent.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={buttonTones.neutral}>
          Move here
        </button>
      </Form>
    </details>
  );
}

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
              <td className={td}>{c.retired_at ? <Badge tone="amber">Retired</Badge> : <Badge tone="green">In use</Badge>}</td>
              <td className={`${td} space-x-1 space-y-1 whitespace-nowrap`}>
                <RenameForm c={c} lastResult={resultFor(result, "rename", c.id)} />
                <MoveForm c={c} categories={categories} lastResult={resultFor(result, "move", c.id)} />
                {c.retired_at ? (
                  <ActionButton intent="restore" id={c.id} label="Restore" tone="good" result={resultFor(result, "restore", c.id)} />
                ) : (
                  <ActionButton intent="retire" id={c.id} label="Retire" tone="danger" result={resultFor(result, "retire", c.id)} />
                )}
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
