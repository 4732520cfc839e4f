/**
 * How an address is written, on pages and in e-mails. Apart from ./address-rules.ts (which
 * re-exports it) so a page that only shows an address loads none of the address rules.
 */
import { stateName } from "./state-name";

/** The parts of an address the lines below show; old addresses and order snapshots may lack lga and landmark. */
export interface PlaceFields {
  street_address?: unknown;
  landmark?: unknown;
  city?: unknown;
  lga?: unknown;
  state?: unknown;
  zip_code?: unknown;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** "Eti-Osa LGA, Lagos", or the state alone: where an order goes, for lists and e-mails. */
export function lgaAndState(a: PlaceFields): string {
  const lga = str(a.lga);
  const state = stateName(str(a.state) ?? "");
  return lga ? `${lga} LGA, ${state}` : state;
}

/**
 * How every page and e-mail writes a delivery address: the street; the landmark ("Landmark: …")
 * when there is one; then city, LGA, state and postal code. Empty parts are left out.
 */
export function addressLines(a: PlaceFields): string[] {
  const landmark = str(a.landmark);
  const place = [str(a.city), str(a.lga) ? `${str(a.lga)} LGA` : null, str(a.state) ? stateName(str(a.state)!) : null].filter(Boolean).join(", ");
  const zip = str(a.zip_code);
  return [str(a.street_address), landmark ? `Landmark: ${landmark}` : null, place ? (zip ? `${place} ${zip}` : place) : zip].filter(
    (l): l is string => !!l,
  );
}
