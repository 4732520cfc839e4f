/** Stores: writes over a Queryable (run them in a transaction). */
import type { Queryable } from "~/db/client.server";
import type { StoreCreate } from "~/domain/stores";
import type { StoreRow } from "./serialize";

/**
 * Inserts a store owned by `ownerId` under `slug`, or the first free `slug-2`, `slug-3`, …
 * (ON CONFLICT: two vendors asking for the same slug at once both succeed with different ones).
 * Migration 0004's trigger makes the owner an accepted 'Owner' member.
 */
export async function createStore(
  q: Queryable,
  ownerId: number,
  input: StoreCreate & { state: string | null },
  slug: string,
  images: { logo: string | null; banner: string | null },
): Promise<StoreRow> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? slug : `${slug}-${n}`;
    const r = await q.query<StoreRow>(
      `INSERT INTO stores (owner_id, name, slug, email, phone, website, address, description, business_license_number,
                           logo_key, banner_key, facebook, instagram, x_link, state, agreement)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, true)
       ON CONFLICT (slug) DO NOTHING
       RETURNING id, owner_id, name, slug, logo_key, banner_key, state`,
      [
        ownerId,
        input.name,
        candidate,
        input.email,
        input.phone,
        input.website,
        input.address,
        input.description,
        input.business_license_number,
        images.logo,
        images.banner,
        input.facebook,
        input.instagram,
        input.x,
        input.state,
      ],
    );
    if (r.rows[0]) return r.rows[0];
  }
  // A random suffix when a thousand stores already share the name.
  return createStore(q, ownerId, input, `${slug}-${Math.random().toString(36).slice(2, 8)}`, images);
}
