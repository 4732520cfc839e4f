/** Stores: rows to the API's JSON. */
import { optionalImageUrl } from "../core/media";
import type { ApiPublicStore, ApiStore, ApiStoreMember } from "./schemas";

export interface StoreRow {
  id: number;
  owner_id: number;
  name: string;
  slug: string;
  logo_key: string | null;
  banner_key: string | null;
  /** The state the store ships from (canonical name), or null: unknown, priced as Lagos. */
  state: string | null;
}

export interface StoreMemberRow {
  id: number;
  user_id: number | null;
  email: string;
  role: "Owner" | "Member";
  accepted_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

export const serializeStore = (s: StoreRow, origin: string): ApiStore => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  logo: optionalImageUrl(origin, s.logo_key),
  banner: optionalImageUrl(origin, s.banner_key),
  state: s.state ?? null,
});

export const serializeMember = (m: StoreMemberRow): ApiStoreMember => ({
  id: m.id,
  user_id: m.user_id,
  first_name: m.first_name ?? "",
  last_name: m.last_name ?? "",
  email: m.email,
  phone: m.phone ?? "",
  role: m.role,
  accepted: m.accepted_at !== null,
});

export interface PublicStoreRow extends StoreRow {
  description: string;
  website: string;
  facebook: string;
  instagram: string;
  x_link: string;
  created_at: Date | string;
  products_count: number;
  verified: boolean;
  suspended: boolean;
}

export const serializePublicStore = (s: PublicStoreRow, origin: string): ApiPublicStore => ({
  ...serializeStore(s, origin),
  description: s.description,
  website: s.website,
  facebook: s.facebook,
  instagram: s.instagram,
  x: s.x_link,
  created_at: new Date(s.created_at).toISOString(),
  products_count: s.products_count,
  verified: s.verified,
  suspended: s.suspended,
});

// ---- the business check (decision 0032) ----
import type { StoreVerification } from "./business-checks.server";
import type { ApiBusinessCheck } from "./schemas";

const isoOrNull = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function serializeBusinessCheck(v: StoreVerification, payoutLimitNaira: number): ApiBusinessCheck {
  const c = v.check;
  const verified = v.verified_at !== null;
  return {
    status: c ? c.status : "none",
    verified,
    verified_by: verified ? (v.verified_by ?? "admin") : null,
    verified_at: isoOrNull(v.verified_at),
    registration_number: c ? `${c.company_type} ${c.registration_number}` : v.business_license_number,
    company_type: c?.company_type ?? null,
    registered_name: c?.registered_name ?? null,
    registry_status: c?.registry_status ?? null,
    store_name: v.name,
    account_name: c?.account_name ?? null,
    reasons: c?.status === "not_verified" ? c.reasons : [],
    checked_at: isoOrNull(c?.checked_at),
    next_attempt_at: c?.status === "pending" ? isoOrNull(c.next_attempt_at) : null,
    payout_limit: verified ? null : payoutLimitNaira,
  };
}
