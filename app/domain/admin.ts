/**
 * Admin moderation (issue 11): the request rules and messages the API validates with and the
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
/** A parent category id, or none (a root category): "" and "root" mean none. */
const parentField = z.preprocess(
  (v) => (v === "" || v === "root" || v === undefined ? null : v),
  z.union([z.null(), z.coerce.number({ error: "Choose a parent category." }).int("Choose a parent category.").min(1, "Choose a parent category.").max(2147483647, "Choose a parent category.")]),
);

export const CategoryCreateSchema = z.object({ name: categoryName, parent: parentField });
export const CategoryRenameSchema = z.object({ name: categoryName });
export const CategoryMoveSchema = z.object({ parent: parentField });

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
