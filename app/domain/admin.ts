/**
 * Admin moderation: the request rules and messages the API validates with and the
 * /admin actions check (limits and messages: ./admin-rules.ts, re-exported).
 */
import * as z from "zod";
import { CATEGORY_NAME_REQUIRED, REASON_MAX, REASON_REQUIRED } from "./admin-rules";
import { text, TEXT_MAX } from "./text";

export * from "./admin-rules";

/** A reason the action needs (suspend, unpublish, hide). */
export const RequiredReasonSchema = z.object({ reason: text(REASON_MAX, { required: REASON_REQUIRED }) });
/** A reason the admin may give (verify, reinstate, deactivate ...). */
export const OptionalReasonSchema = z.object({
  reason: z
    .union([text(REASON_MAX), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

const categoryName = text(TEXT_MAX.title, { required: CATEGORY_NAME_REQUIRED });
const CHOOSE_PARENT = "Choose a parent category.";
/**
 * A parent category id (a positive integer, or its digits as a form sends them), or none (a root
 * category): null, "" and "root" mean none. Anything else (true, 1.5, "1e3", an object) is
 * refused. With `required` the field must be sent (a move says where to); otherwise missing is none.
 */
const parentField = (required: boolean) =>
  z.preprocess(
    (v) => (v === "" || v === "root" || (!required && v === undefined) ? null : typeof v === "string" && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.union([z.null(), z.number().int(CHOOSE_PARENT).min(1, CHOOSE_PARENT).max(2147483647, CHOOSE_PARENT)], { error: CHOOSE_PARENT }),
  );

export const CategoryCreateSchema = z.object({ name: categoryName, parent: parentField(false) });
export const CategoryRenameSchema = z.object({ name: categoryName });
export const CategoryMoveSchema = z.object({ parent: parentField(true) });
