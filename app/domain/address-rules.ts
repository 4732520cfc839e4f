/** The address book's limits, messages and state names without zod, so the browser may import them (docs/architecture.md, Forms); ./addresses.ts re-exports them. */
import { TEXT_MAX } from "./text-max";
import { NIGERIAN_STATES } from "./states";

/** At most this many addresses per user (spec section 9). */
export const MAX_ADDRESSES = 3;
/** The 400 body when a user already has MAX_ADDRESSES (a top-level array, docs/api-contract.md). */
export const ADDRESS_LIMIT_MESSAGE = "Address limit exceeded.";
export const ADDRESS_LIMIT_BODY = [ADDRESS_LIMIT_MESSAGE];

/** Messages of spec section 5. */
export const ADDRESS_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid Nigerian phone number",
  street: "Please enter a valid delivery address for accurate shipment and successful delivery of your order.",
  city: "Please enter a valid city for accurate shipment and successful delivery of your order.",
  state: "Please enter a valid state for accurate shipment and successful delivery of your order.",
  country: "We deliver only within Nigeria (NGA).",
  zip: `Ensure this field has no more than ${TEXT_MAX.zip} characters.`,
  lgaUnknown: "Choose your local government area (LGA) from the list.",
  lgaRequired: "Choose your local government area (LGA).",
  landmark: `Keep the landmark or bus stop to ${TEXT_MAX.landmark} characters or fewer.`,
} as const;

/** The 400 message when an address's LGA is not one of its state's: names both, so the fix is obvious. */
export const lgaNotInStateMessage = (lga: string, state: string) =>
  `${lga} is not an LGA of ${state}. Choose an LGA of ${state}, or change the state.`;

/** Minimum lengths (spec section 9: names, city min 3; addresses min 10). */
export const ADDRESS_MIN = { name: 3, street: 10, city: 3 } as const;

/** "lagos", "Lagos State", "FCT", "Abuja" → the canonical state name, or null. */
export function canonicalState(v: string): string | null {
  const s = v.trim().toLowerCase().replace(/\s+state$/, "");
  if (["fct", "abuja", "fct abuja", "abuja fct", "federal capital territory"].includes(s)) return "Federal Capital Territory";
  return NIGERIAN_STATES.find((n) => n.toLowerCase() === s) ?? null;
}

/** Cities an address may name instead of its state (the state is what counts for shipping). */
export const CITY_STATE: Readonly<Record<string, string>> = {
  Abuja: "Federal Capital Territory",
  FCT: "Federal Capital Territory",
  "Port Harcourt": "Rivers",
  Ibadan: "Oyo",
  "Benin City": "Edo",
  Ikeja: "Lagos",
  Lekki: "Lagos",
  Onitsha: "Anambra",
  Aba: "Abia",
  Owerri: "Imo",
  Calabar: "Cross River",
  Uyo: "Akwa Ibom",
  Warri: "Delta",
  Asaba: "Delta",
  Abeokuta: "Ogun",
  Ilorin: "Kwara",
  Jos: "Plateau",
  Makurdi: "Benue",
  Maiduguri: "Borno",
  Zaria: "Kaduna",
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PLACE_NAMES: readonly (readonly [string, string])[] = [
  ...NIGERIAN_STATES.map((s) => [s, s] as const),
  ...Object.entries(CITY_STATE),
];

/**
 * The state a free-text address names (a store's address from clients that send no state), or
 * null. A state's name or a big city's counts, as a whole word, any case ("Lagos State", "Abuja",
 * "Port Harcourt"); when several are named the LAST one wins, since addresses end with the state
 * ("12 Kano Road, Ikeja, Lagos" is in Lagos).
 */
export function stateFromAddress(text: string | null | undefined): string | null {
  if (!text) return null;
  let best: { at: number; state: string } | null = null;
  for (const [name, state] of PLACE_NAMES) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu");
    for (const m of text.matchAll(re)) {
      const end = m.index + m[0].length;
      if (!best || end > best.at) best = { at: end, state };
    }
  }
  return best?.state ?? null;
}

// How an address is written (lines, "LGA, state"): ./address-lines.ts, apart so pages that only
// show an address do not load these rules.
export { addressLines, lgaAndState, type PlaceFields } from "./address-lines";
