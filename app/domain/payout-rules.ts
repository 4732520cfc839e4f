/**
 * Vendor payouts (docs/payouts.md): the bank-details messages, account names, labels, without
 * zod so the browser may import them (docs/architecture.md, Forms); ./payouts.ts adds the
 * bank-details schema and re-exports these.
 */

export const BANK_CODE_MESSAGE = "Choose your bank from the list.";
export const ACCOUNT_NUMBER_MESSAGE = "Enter your 10-digit account number (NUBAN), digits only.";
export const ACCOUNT_NOT_RESOLVED_MESSAGE = "We could not find this account at the bank you chose. Check the account number and the bank.";

export const CONFIRM_NAME_CHANGED_MESSAGE = "The bank now gives another name for this account. Check the details and confirm again.";

/** A person's name as a sorted list of lower-case words, without punctuation or accents. */
function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .sort();
}

/** The same name for the bank's purposes: case, spaces and punctuation aside ("OKONKWO, ADAEZE" = "Adaeze Okonkwo"). */
export const sameAccountName = (a: string, b: string) => nameWords(a).join(" ") === nameWords(b).join(" ");

/**
 * Whether the bank's account name looks like the store owner's, loosely: case, word order and
 * punctuation do not count, and either may carry extra names (a middle name, "Mrs"). "OBI EMEKA
 * JOHN" matches "Emeka Obi"; "ADAEZE OKONKWO" does not. Names with no words never match.
 */
export function accountNameMatches(accountName: string, ownerName: string): boolean {
  const bank = nameWords(accountName);
  const owner = nameWords(ownerName);
  if (!bank.length || !owner.length) return false;
  const within = (a: string[], b: string[]) => a.every((w) => b.includes(w));
  return within(owner, bank) || within(bank, owner);
}

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
  shipping: "Shipping",
  commission: "Commission",
  cash_held: "Cash you collected",
  refund: "Refund",
  commission_refund: "Commission back",
  cash_refund: "Cash you paid back",
  settlement: "Commission you paid",
  payout: "Payout",
  payout_reversal: "Payout returned",
};

/** Where a store pays the commission it owes (docs/payouts.md); an admin records it as a settlement. */
export const COMMISSION_CONTACT = "payouts@buildmart.ng";
