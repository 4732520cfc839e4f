/**
 * `useReplyForm`: conform's `useForm` for a form validated by its action only. No validator runs
 * in the browser (no `onValidate`, so no zod in the page's JavaScript: docs/architecture.md,
 * "Client JavaScript"); the action parses with the domain's zod schema (`parseWithZod`,
 * `submission.reply()`) and conform shows the reply: messages next to their fields
 * (`{form}-{field}-error`, `aria-invalid`, `aria-describedby`), typed values kept, the same HTML
 * with JavaScript off. The native constraints (`required`, `pattern`) come from
 * ./constraints.ts, kept equal to `getZodConstraint(schema)` by a unit test.
 *
 * `formProps`, `inputProps`, `selectProps`, `textareaProps` are conform's `getFormProps`, ….
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";

type Constraint = Record<string, { required?: boolean; pattern?: string; minLength?: number; maxLength?: number }>;

/** What the action answers (`submission.reply()`). */
export type Reply = SubmissionResult<string[]>;
/** One field's metadata, as conform gives it. */
export type ReplyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** `constraint` names the fields; `defaultValue` fills them until the action has answered. */
export function useReplyForm<C extends Constraint>({
  id,
  lastResult,
  constraint,
  defaultValue,
}: {
  id: string;
  lastResult: Reply | null | undefined;
  constraint: C;
  defaultValue?: Partial<Record<keyof C, unknown>>;
}) {
  // The reply is always from the server: nothing to validate here, and no request on blur.
  return useForm<Record<keyof C & string, unknown>, Record<keyof C & string, unknown>, string[]>({
    id,
    lastResult: lastResult ?? undefined,
    constraint,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
  });
}

export const formProps = getFormProps;
export const inputProps = getInputProps;
export const selectProps = getSelectProps;
export const textareaProps = getTextareaProps;
