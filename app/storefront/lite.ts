/**
 * Lite mode (pages without any script) chosen for the shopper: the footer switch's cookie wins
 * either way ("1" on, "0" off); without it, the browser's own signals decide: `Save-Data: on`,
 * or the client hints `ECT` (slow-2g, 2g) and `Downlink` (Mbps, below LITE_DOWNLINK_MBPS).
 * Browsers send ECT/Downlink only after a page asked for them with `Accept-CH` (LITE_HINTS).
 * No server imports: unit-tested directly.
 */
export const LITE_DOWNLINK_MBPS = 0.4;
const SLOW_ECT = new Set(["slow-2g", "2g"]);

/** What the server asks for and varies on (the answer depends on them and on the cookie). */
export const LITE_HINTS = ["Save-Data", "ECT", "Downlink"] as const;
export const ACCEPT_CH = LITE_HINTS.join(", ");

/** The browser's signals alone: data is dear or the connection is slow. */
export function hintsSayLite(headers: Headers): boolean {
  if (headers.get("Save-Data")?.trim().toLowerCase() === "on") return true;
  const ect = headers.get("ECT")?.trim().toLowerCase();
  if (ect && SLOW_ECT.has(ect)) return true;
  const raw = headers.get("Downlink")?.trim();
  if (raw) {
    const downlink = Number(raw);
    // Browsers round Downlink to 25 kbps; 0 means "no estimate" in some of them, not "offline".
    if (Number.isFinite(downlink) && downlink > 0 && downlink < LITE_DOWNLINK_MBPS) return true;
  }
  return false;
}

/**
 * Pages that are always lite, whatever the switch or the hints: the bank transfer / USSD payment
 * pages, the USSD bank choice and the account or code to pay (issue 33: at most 20 KB on the
 * shopper's worst phone), and the page that pays one pay-on-delivery shipment by transfer (the
 * link of the shipped SMS). The payment pages refresh themselves with `<meta http-equiv="refresh">`.
 */
const ALWAYS_LITE = [/^\/checkout\/offline(\/[^/]+)?\/?$/, /^\/orders\/[^/]+\/pay\/\d+\/?$/];

export function alwaysLite(pathname: string): boolean {
  return ALWAYS_LITE.some((re) => re.test(pathname));
}

/** `cookie` is the lite cookie's value ("1", "0" or nothing): the shopper's choice beats the hints. */
export function liteDecision(headers: Headers, cookie: unknown): boolean {
  if (cookie === "1" || cookie === 1) return true;
  if (cookie === "0" || cookie === 0) return false;
  return hintsSayLite(headers);
}
