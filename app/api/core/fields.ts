/**
 * zod fields for ids in request bodies (client-safe: schemas.ts files import these and the
 * storefront imports those files' types).
 */
import * as z from "zod";

export const INT_ID_MESSAGE = "A valid integer is required.";

/** A number or a string of digits, as a number (not yet range-checked). */
export const idLike = z.union([z.number(), z.string().trim().max(20, INT_ID_MESSAGE).regex(/^\d+$/, INT_ID_MESSAGE)], { error: INT_ID_MESSAGE }).transform(Number);

/** A serial id (1..2147483647) given as a number or a string of digits. */
export const intIdField = idLike.pipe(z.number().int(INT_ID_MESSAGE).positive(INT_ID_MESSAGE).max(2_147_483_647, INT_ID_MESSAGE));
