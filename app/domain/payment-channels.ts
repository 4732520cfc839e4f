/**
 * Paying online away from a card form (issue 33): bank transfer to a temporary account and USSD,
 * both through Paystack's Charge API on our own page. Client-safe, no zod.
 */

/** The USSD codes offered (Paystack's `ussd.type`): GTBank *737#, UBA *919#, Sterling *822#, Zenith *966#. */
export const USSD_BANKS = [
  { type: "737", bank: "GTBank" },
  { type: "919", bank: "UBA" },
  { type: "822", bank: "Sterling" },
  { type: "966", bank: "Zenith" },
] as const;
export type UssdBankType = (typeof USSD_BANKS)[number]["type"];

/** The bank of a USSD code ("*737*000*1234#" → GTBank), or null. */
export function ussdBankOf(code: string | null | undefined): (typeof USSD_BANKS)[number] | null {
  const m = /^\*(\d{3})\*/.exec(code ?? "");
  return USSD_BANKS.find((b) => b.type === m?.[1]) ?? null;
}

/** A NUBAN account number as it is read out: "9912345678" → "991 234 5678". Anything else as is. */
export function groupAccountNumber(n: string | null | undefined): string {
  const s = (n ?? "").replace(/\s+/g, "");
  return /^\d{10}$/.test(s) ? `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6)}` : s;
}

/** A USSD code as a tel: link (`#` must be escaped in a URI). */
export const ussdTelHref = (code: string) => `tel:${code.replace(/#/g, "%23")}`;

/**
 * Seconds until a waiting payment page refreshes itself (meta refresh / polling): every 5 s, but
 * not past the expiry (then once more, just after it, to show that it expired); null when the
 * page should stop (expired or settled).
 */
export function refreshSeconds(expiresAt: string | null, now = Date.now(), every = 5): number | null {
  if (!expiresAt) return every;
  const left = Math.ceil((Date.parse(expiresAt) - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  return Math.max(1, Math.min(every, left + 1));
}
