/**
 * The forms of /admin/categories that take text: add, rename, move; with conform, errors next to
 * the fields (the action's, and the domain's schema in the browser once ./validators.ts has
 * loaded at a form's first focus). Fetched on demand by the page (../ui/island.tsx).
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { buttonTones } from "./button-tones";
import { ErrorList } from "../ui/forms";
import { primaryButton } from "../ui/button";
import { useLateModule, validateWith } from "../ui/late-validation";
import type { ApiAdminCategory } from "~/storefront/api-types";

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
const loadValidators = () => import("./validators");

export function CreateForm({ categories, lastResult }: { categories: ApiAdminCategory[]; lastResult?: SubmissionResult<string[]> }) {
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

export function RenameForm({ c, lastResult }: { c: ApiAdminCategory; lastResult?: SubmissionResult<string[]> }) {
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

export function MoveForm({ c, categories, lastResult }: { c: ApiAdminCategory; categories: ApiAdminCategory[]; lastResult?: SubmissionResult<string[]> }) {
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
