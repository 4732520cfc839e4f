/**
 * The business check's form schema (the registration number), and every rule of
 * ./business-check-rules.ts (decision 0032), which components import without zod.
 */
import * as z from "zod";
import { parseRegistrationNumber, REGISTRATION_NUMBER_MESSAGE } from "./business-check-rules";

export * from "./business-check-rules";

export const RegistrationSchema = /* @__PURE__ */ (() =>
  z.object({
    registration_number: z
      .string({ error: REGISTRATION_NUMBER_MESSAGE })
      .trim()
      .min(1, REGISTRATION_NUMBER_MESSAGE)
      .max(20, REGISTRATION_NUMBER_MESSAGE)
      .refine((v) => parseRegistrationNumber(v) !== null, REGISTRATION_NUMBER_MESSAGE),
  }))();

