/**
 * The seller's forms' browser validators: conform's `parseWithZod` with the domain's schemas (the
 * ones the actions and the API validate with). zod comes with this module, so it is fetched on
 * demand only (`useLateModule(formId, () => import("~/components/vendor/validators"))`,
 * ../ui/late-validation.ts): never import it statically from a page or component.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { InviteMemberSchema } from "~/domain/members";
import { BankAccountSchema } from "~/domain/payouts";
import { OptionUpdateSchema, VariantStepSchema } from "~/domain/products";
import { STORE_STEP_SCHEMAS, type StoreWizardStep } from "~/domain/stores";

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

export const validateInviteMember = by(InviteMemberSchema);
export const validateBankAccount = by(BankAccountSchema);
export const validateOptionUpdate = by(OptionUpdateSchema);
export const validateVariantStep = by(VariantStepSchema);

const ANY_FIELDS = z.record(z.string(), z.unknown());

/**
 * The create-store wizard's current step. A step number or Back is not checked here (the server
 * lets the vendor go back freely and checks the steps before a forward jump). No auto-coercion:
 * the schemas read the strings as the server does (empty optional fields are "", not missing).
 */
export const validateWizardStep =
  (step: StoreWizardStep) =>
  ({ formData, submitter }: { formData: FormData; submitter: HTMLInputElement | HTMLButtonElement | null }) =>
    parseWithZod(formData, {
      schema: submitter?.value.startsWith("goto-") ? ANY_FIELDS : (STORE_STEP_SCHEMAS[step] as z.ZodType<Record<string, unknown>>),
      disableAutoCoercion: true,
    });
