/**
 * Admin moderation's limits, messages and the category slug rule, without zod so the browser may
 * import them (docs/architecture.md, Forms); ./admin.ts adds the schemas and re-exports these.
 */
import { isReservedSlug } from "./reserved-paths";
import { slugify } from "./slug";
import { TEXT_MAX } from "./text-max";

export const REASON_MAX = 500;
export const REASON_REQUIRED = "Give a reason: it is recorded and, where it concerns a seller, sent to them.";

export const CATEGORY_NAME_REQUIRED = "Enter the category's name.";
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
  let s = slugify(name, 80) || "category";
  if (isReservedSlug(s)) s = `${s}-items`;
  return s;
}

/** What the vendor sees when they try to publish a product an admin unpublished. */
export const ADMIN_HOLD_MESSAGE = "An administrator unpublished this product; it can be published again only by an administrator.";

export const ADMIN_SEARCH_MAX = TEXT_MAX.search;
