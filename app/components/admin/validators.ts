/**
 * The admin forms' browser validators: conform's `parseWithZod` with the domain's schemas (the
 * ones the actions and the API validate with). zod comes with this module, so it is fetched on
 * demand only (`useLateModule(formId, () => import("~/components/admin/validators"))`,
 * ../ui/late-validation.ts): never import it statically from a page or component.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { CategoryCreateSchema, CategoryMoveSchema, CategoryRenameSchema, OptionalReasonSchema, RequiredReasonSchema } from "~/domain/admin";
import { NewsletterSendSchema } from "~/domain/privacy";

/**
 * Not used here: re-exported so that this module reaches conform's React part as well as its DOM
 * part (through parseWithZod). esbuild groups files into chunks by the entries that reach them;
 * without this, the DOM part would leave the React part's chunk and every page with a conform form
 * would load two chunks instead of one (~0.7 KB more gzip).
 */
export { useForm as keepConformInOneChunk } from "@conform-to/react";

const by =
  <S extends z.ZodType>(schema: S) =>
  ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, { schema });

export const validateReason = (required: boolean) => by(required ? RequiredReasonSchema : OptionalReasonSchema);
export const validateCategoryCreate = by(CategoryCreateSchema);
export const validateCategoryRename = by(CategoryRenameSchema);
export const validateCategoryMove = by(CategoryMoveSchema);
export const validateNewsletterSend = by(NewsletterSendSchema);
