/** Stores: rows to the API's JSON. */
import { optionalImageUrl } from "../core/media";
import type { ApiStore, ApiStoreMember } from "./schemas";

export interface StoreRow {
  id: number;
  owner_id: number;
  name: string;
  slug: string;
  logo_key: string | null;
  banner_key: string | null;
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
