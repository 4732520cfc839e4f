/**
 * Vendor payouts (issue 11, docs/payouts.md): the bank-details form's rule and messages, used by
 * the API (PUT /stores/{storeId}/bank-account/) and the store's payouts page alike.
 */
import * as z from "zod";

export const BANK_CODE_MESSAGE = "Choose your bank from the list.";
export const ACCOUNT_NUMBER_MESSAGE = "Enter your 10-digit account number (NUBAN), digits only.";
export const ACCOUNT_NOT_RESOLVED_MESSAGE = "We could not find this account at the bank you chose. Check the account number and the bank.";

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

/** Paystack transfer references: lowercase alphanumerics, `-` and `_`, 16 to 50 characters. */
export const PAYOUT_REFERENCE_RE = /^[a-z0-9_-]{16,50}$/;

/** "••••1234": an account number shown by its last four digits only. */
export const maskedAccount = (last4: string) => `••••${last4}`;

export const PAYOUT_STATUS_LABEL: Record<string, string> = {
  pending: "On its way",
  success: "Paid",
  failed: "Failed (money back in the balance)",
  reversed: "Reversed (money back in the balance)",
};

export const LEDGER_KIND_LABEL: Record<string, string> = {
  sale: "Sale",
  refund: "Refund",
  payout: "Payout",
  payout_reversal: "Payout returned",
};
