/** The API's quantity field (zod); the rules themselves are in ./cart.ts, which the cart page imports without zod. */
import * as z from "zod";
import { QUANTITY_MESSAGE } from "./cart";

/**
 * PATCH body field: a number (or a numeric string); below 1 becomes 1 (fractions: per unit, quantityForUnit). A value that is not a
 * number at all is a 400 with QUANTITY_MESSAGE (an API client asked for something unclear).
 */
export const quantityField = /* @__PURE__ */ (() =>
  z
    .union([z.number(), z.string().trim().max(32, QUANTITY_MESSAGE).regex(/^-?\d+(\.\d+)?$/, QUANTITY_MESSAGE)], { error: QUANTITY_MESSAGE })
    .refine((v) => Number.isFinite(Number(v)), QUANTITY_MESSAGE)
    // Whole units cut the fraction, divisible ones (m², tonne…) keep 2 places: the handler knows the unit (app/domain/units.ts quantityForUnit).
    .transform((v) => Math.max(1, Number(v))))();
