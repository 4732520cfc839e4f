/**
 * Admin moderation: the request rules and messages the API validates with and the
 * /admin forms show. Client-safe: no server imports.
 */
import * as z from "zod";
import { isReservedSlug } from "./reserved-paths";
import { text, TEXT_MAX } from "./text";

export const REASON_MAX = 500;
export const REASON_REQUIRED = "Give a reason: it is recorded and, where it concerns a seller, sent to them.";

/** A reason the action needs (suspend, unpublish, hide). */
export const RequiredReasonSchema = z.object({ reason: text(REASON_MAX, { required: REASON_REQUIRED }) });
/** A reason the admin may give (verify, reinstate, deactivate ...). */
export const OptionalReasonSchema = z.object({
  reason: z
    .union([text(REASON_MAX), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

export const CATEGORY_NAME_REQUIRED = "Enter the category's name.";
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

export const CATEGORY_MESSAGES = {
  duplicate: "A category with this name already exists under the same parent.",
  cycle: "A category cannot move under itself or one of its own subcategories.",
  hasProducts: "This category has products: it cannot be deleted, only retired.",
  hasSubcategories: "This category has subcategories: move or delete them first.",
  liveSubcategories: "This category has subcategories still in use: retire or move them first.",
  retiredParent: "This parent category is retired: restore it first or choose another.",
  noParent: "That parent category does not exist.",
} as const;

/** A category slug for a name that no top-level page path takes ("cart" becomes "cart-items"). */
export function categorySlugFor(name: string): string {
  let s =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "category";
  if (isReservedSlug(s)) s = `${s}-items`;
  return s;
}

/** What the vendor sees when they try to publish a product an admin unpublished. */
export const ADMIN_HOLD_MESSAGE = "An administrator unpublished this product; it can be published again only by an administrator.";

export const ADMIN_SEARCH_MAX = TEXT_MAX.search;
