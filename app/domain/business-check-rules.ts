/**
 * Verified businesses (issue 36 item 1, decision 0032). ONE rule for the API, the job and the
 * seller area:
 * - a registration number is an RC number (a company) or a BN number (a business name),
 *   written as the CAC certificate shows it: "RC 1234567", "rc-1234567", "BN 3456789"; digits
 *   alone are an RC number;
 * - two business names are the same name when they are after `normaliseBusinessName`: case,
 *   accents, punctuation and "&"/"and" aside, legal-form and country words (LTD, LIMITED, PLC,
 *   NIG, NIGERIA, CO, COMPANY…) dropped, spelled-out initials joined ("B.M.G." = "BMG");
 * - the "Verified business" badge: the registry says active, its name is the store's, and the
 *   payout account (when there is one) is in that name (`checkOutcome`);
 * - an unverified store is paid out at most a limit in 30 days (`payoutAllowance`);
 * - a new store takes a daily number of orders that rises with its record (`dailyOrderCap`).
 * Client-safe and without zod (components import it); ./business-check.ts adds the form schema.
 */

export type CompanyType = "RC" | "BN";

export interface RegistrationNumber {
  type: CompanyType;
  number: string;
}

export const REGISTRATION_NUMBER_MESSAGE = "Enter your CAC registration number: RC and the digits for a company (RC 1234567), BN and the digits for a business name (BN 3456789).";

/** "RC 1234567" → {RC, "1234567"}; null when it is not an RC or BN number (1 to 8 digits). */
export function parseRegistrationNumber(input: string): RegistrationNumber | null {
  const m = /^\s*(rc|bn)?[\s.:#/-]*(\d{1,8})\s*$/i.exec(input ?? "");
  if (!m) return null;
  return { type: (m[1]?.toUpperCase() as CompanyType | undefined) ?? "RC", number: m[2] };
}

export const formatRegistrationNumber = (r: RegistrationNumber) => `${r.type} ${r.number}`;

/** Words that say what kind of company it is or where, not which one. */
const NOISE_WORDS = new Set(["ltd", "limited", "plc", "nig", "nigeria", "ng", "ngr", "co", "company", "inc", "incorporated", "gte", "the", "and"]);

/**
 * A business name reduced to what names it: "B.M.G. Cement & Blocks (Nig.) Ltd" →
 * "bmg cement blocks". Empty when nothing is left.
 */
export function normaliseBusinessName(name: string): string {
  const words = (name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter(Boolean);
  // Initials spelled out with dots or spaces ("b m g") are one word ("bmg").
  const joined: string[] = [];
  let run = false;
  for (const w of words) {
    if (w.length === 1 && run) joined[joined.length - 1] += w;
    else joined.push(w);
    run = w.length === 1;
  }
  return joined.filter((w) => !NOISE_WORDS.has(w)).join(" ");
}

/** The same business name (normaliseBusinessName); names with nothing left never match. */
export function businessNamesMatch(a: string, b: string): boolean {
  const x = normaliseBusinessName(a);
  return x !== "" && x === normaliseBusinessName(b);
}

/** Why a store is not verified; the seller area says each one and what to send. */
export type CheckReason = "not_found" | "inactive" | "store_name" | "account_name";
export const CHECK_REASONS: readonly CheckReason[] = ["not_found", "inactive", "store_name", "account_name"];

export interface RegistryRecord {
  found: boolean;
  registeredName: string | null;
  /** The registry's own word ("ACTIVE", "INACTIVE", "STRUCK OFF"…). */
  status: string | null;
}

export const registryActive = (status: string | null) => (status ?? "").trim().toLowerCase() === "active";

/**
 * The outcome of a registry answer for a store: verified only when the number is found, the
 * registry says active, its name is the store's and the payout account (if any) is in that name.
 */
export function checkOutcome(record: RegistryRecord, storeName: string, accountName: string | null): { verified: boolean; reasons: CheckReason[] } {
  if (!record.found) return { verified: false, reasons: ["not_found"] };
  const reasons: CheckReason[] = [];
  if (!registryActive(record.status)) reasons.push("inactive");
  if (!businessNamesMatch(record.registeredName ?? "", storeName)) reasons.push("store_name");
  if (accountName !== null && !businessNamesMatch(record.registeredName ?? "", accountName)) reasons.push("account_name");
  return { verified: reasons.length === 0, reasons };
}

/** Where a seller sends papers for a check by hand. */
export const VERIFY_CONTACT = "verify@buildmart.ng";

// ---- payouts of unverified stores ------------------------------------------------------------

export const UNVERIFIED_PAYOUT_WINDOW_DAYS = 30;

/**
 * What a payout may pay now: a verified store its whole balance; an unverified one at most
 * `limitKobo` less what it was paid (or is being paid) in the last 30 days. The rest stays in the
 * balance, held until the store is verified.
 */
export function payoutAllowance(balanceKobo: number, verified: boolean, limitKobo: number, paidInWindowKobo: number): { amountKobo: number; heldKobo: number } {
  if (balanceKobo <= 0) return { amountKobo: 0, heldKobo: 0 };
  if (verified) return { amountKobo: balanceKobo, heldKobo: 0 };
  const amountKobo = Math.max(0, Math.min(balanceKobo, limitKobo - Math.max(0, paidInWindowKobo)));
  return { amountKobo, heldKobo: balanceKobo - amountKobo };
}

// ---- the daily order cap of new stores -------------------------------------------------------

export const ORDER_CAP_BASE = 5;
export const ORDER_CAP_MAX = 40;
export const ORDER_CAP_MIN = 2;
/** A store with this many delivered orders in the scorecard's window and at most ESTABLISHED_MAX_CANCEL_PERCENT cancelled has no cap. */
export const ESTABLISHED_AFTER_DELIVERED = 40;
export const ESTABLISHED_MAX_CANCEL_PERCENT = 5;
/** A store is new (capped) for its first 90 days, the scorecard's window; older stores have no cap. */
export const NEW_STORE_DAYS = 90;

/** The scorecard figures the cap needs (./scorecard.ts over its 90 days). */
export interface CapRecord {
  /** Whole days since the store opened. */
  ageDays: number;
  delivered: number;
  /** Orders cancelled because the store missed a deadline. */
  cancelled: number;
  orders: number;
}

/**
 * How many orders a new store (open less than 90 days) may take in one Lagos day, or null for no
 * cap: 5, plus one for each order it delivered in the last 90 days, less two for each it let
 * lapse (a missed deadline), between 2 and 40. With 40 delivered and at most 5% cancelled, or
 * 90 days open, the store has no cap.
 */
export function dailyOrderCap(r: CapRecord): number | null {
  if (r.ageDays >= NEW_STORE_DAYS) return null;
  const cancelPercent = r.orders > 0 ? (100 * r.cancelled) / r.orders : 0;
  if (r.delivered >= ESTABLISHED_AFTER_DELIVERED && cancelPercent <= ESTABLISHED_MAX_CANCEL_PERCENT) return null;
  return Math.min(ORDER_CAP_MAX, Math.max(ORDER_CAP_MIN, ORDER_CAP_BASE + r.delivered - 2 * r.cancelled));
}

export const orderCapMessage = (store: string, cap: number) =>
  `${store} is new on BuildMart and takes up to ${cap} orders a day; it has none left today. Remove its items to order the rest, or order them tomorrow.`;
