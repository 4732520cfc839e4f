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
