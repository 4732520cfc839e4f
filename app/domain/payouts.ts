/**
 * Vendor payouts (docs/payouts.md): the bank-details form's rule, used by the API (PUT
 * /stores/{storeId}/bank-account/) and the store's payouts page's action; messages and labels
 * are ./payout-rules.ts (re-exported).
 */
import * as z from "zod";
import { ACCOUNT_NUMBER_MESSAGE, BANK_CODE_MESSAGE } from "./payout-rules";

export * from "./payout-rules";

export const BankAccountSchema = z.object({
  bank_code: z
    .string({ error: BANK_CODE_MESSAGE })
    .trim()
    .regex(/^\d{3,9}$/, BANK_CODE_MESSAGE),
  account_number: z
    .string({ error: ACCOUNT_NUMBER_MESSAGE })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{10}$/, ACCOUNT_NUMBER_MESSAGE)),
});
export type BankAccountInput = z.infer<typeof BankAccountSchema>;

/**
 * "Is this you?": the account name the owner confirmed after the bank resolved the account. Sent
 * with the details when saving, the account must still resolve to that name (else 400, nothing
 * saved). Optional in the API: older clients save in one step.
 */
export const BankAccountConfirmSchema = BankAccountSchema.extend({
  confirm_account_name: z.string().trim().min(1).max(200).optional(),
});
export type BankAccountConfirmInput = z.infer<typeof BankAccountConfirmSchema>;
