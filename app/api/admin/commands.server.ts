/**
 * Admin changes. Each takes the caller's transaction, locks the row it changes, reads
 * it before and after, and writes the audit row (audit.server.ts) and any notification/e-mail
 * (recordEvent) in that same transaction. 404 for a missing target; nothing is written on a 4xx.
 */
import type { Queryable } from "~/db/client.server";
import { CATEGORY_MESSAGES, categorySlugFor } from "~/domain/admin";
import { badRequest, notFound } from "../core/http";
import { createVerification } from "../core/accounts.server";
import { recordEvent } from "../notifications/commands.server";
import { endSessions } from "../tokens.server";
import { audit } from "./audit.server";
import { productRepublishedEmail, productUnpublishedEmail, storeReinstatedEmail, storeSuspendedEmail } from "./emails.server";
import { findAdminProduct, findAdminReview, findAdminUser, findCategory, findStore, iso } from "./queries.server";

type Actor = { id: number };

// ---- stores ----------------------------------------------------------------------------------

const storeState = (s: { verified_at: unknown; suspended_at: unknown; suspended_reason: string | null }) => ({
  verified_at: iso(s.verified_at as string | null),
  suspended_at: iso(s.suspended_at as string | null),
  suspended_reason: s.suspended_reason,
});

async function lockedStore(q: Queryable, id: number) {
  const s = await findStore(q, id, true);
  if (!s) throw notFound();
  return s;
}

export async function setStoreVerified(q: Queryable, actor: Actor, id: number, verified: boolean, reason: string | null) {
  const before = await lockedStore(q, id);
  // An admin's approval after a manual check (decision 0032): the badge is the admin's from now on,
  // and a later failing registry check does not take it away; removing it removes either kind.
  await q.query(
    `UPDATE stores SET verified_at = ${verified ? "COALESCE(verified_at, now())" : "NULL"}, verified_by = ${verified ? "'admin'" : "NULL"}, updated_at = now() WHERE id = $1`,
    [id],
  );
  const after = (await findStore(q, id))!;
  await audit(q, { actorId: actor.id, action: verified ? "store.verify" : "store.unverify", targetType: "store", targetId: id, before: storeState(before), after: storeState(after), reason });
  if (verified && !before.verified_at)
    await recordEvent(q, { notices: [{ storeId: id, kind: "store_verified", title: `${before.name} is now a Verified business`, link: `/stores/${before.slug}/verification` }] });
  return after;
}

export async function setStoreSuspended(q: Queryable, actor: Actor, id: number, suspended: boolean, reason: string | null) {
  const before = await lockedStore(q, id);
  if (suspended) await q.query("UPDATE stores SET suspended_at = COALESCE(suspended_at, now()), suspended_reason = $2, updated_at = now() WHERE id = $1", [id, reason]);
  else await q.query("UPDATE stores SET suspended_at = NULL, suspended_reason = NULL, updated_at = now() WHERE id = $1", [id]);
  const after = (await findStore(q, id))!;
  await audit(q, { actorId: actor.id, action: suspended ? "store.suspend" : "store.reinstate", targetType: "store", targetId: id, before: storeState(before), after: storeState(after), reason });
  const changed = suspended ? !before.suspended_at : !!before.suspended_at;
  if (changed) {
    const store = { name: before.name, slug: before.slug };
    await recordEvent(q, {
      notices: [
        suspended
          ? { storeId: id, kind: "store_suspended", title: `${before.name} was suspended`, body: reason ?? "", link: `/stores/${before.slug}/notification` }
          : { storeId: id, kind: "store_reinstated", title: `${before.name} was reinstated`, link: `/stores/${before.slug}/notification` },
      ],
      mails: [suspended ? storeSuspendedEmail(before.email, store, reason ?? "") : storeReinstatedEmail(before.email, store)],
    });
  }
  return after;
}

// ---- products --------------------------------------------------------------------------------

const productState = (p: { published: boolean; featured: boolean; admin_unpublished_at: unknown; unpublished_reason: string | null }) => ({
  published: p.published,
  featured: p.featured,
  admin_unpublished_at: iso(p.admin_unpublished_at as string | null),
  unpublished_reason: p.unpublished_reason,
});

async function lockedProduct(q: Queryable, id: number) {
  const p = (await findAdminProduct(q, id, true)) as (Awaited<ReturnType<typeof findAdminProduct>> & { store_email: string }) | null;
  if (!p || p.deleted) throw notFound();
  return p;
}

export async function setProductPublished(q: Queryable, actor: Actor, id: number, published: boolean, reason: string | null) {
  const before = await lockedProduct(q, id);
  if (published)
    await q.query("UPDATE products SET published = true, admin_unpublished_at = NULL, unpublished_reason = NULL, updated_at = now() WHERE id = $1", [id]);
  else
    await q.query(
      "UPDATE products SET published = false, admin_unpublished_at = COALESCE(admin_unpublished_at, now()), unpublished_reason = $2, updated_at = now() WHERE id = $1",
      [id, reason],
    );
  const after = (await findAdminProduct(q, id))!;
  await audit(q, {
    actorId: actor.id,
    action: published ? "product.republish" : "product.unpublish",
    targetType: "product",
    targetId: id,
    before: productState(before),
    after: productState(after),
    reason,
  });
  const store = { name: before.store_name, slug: before.store_slug };
  if (!published)
    await recordEvent(q, {
      notices: [{ storeId: before.store_id, kind: "product_unpublished", title: `"${before.name}" was unpublished by an administrator`, body: reason ?? "", link: `/stores/${before.store_slug}/notification` }],
      mails: [productUnpublishedEmail(before.store_email, store, before.name, reason ?? "")],
    });
  else if (before.admin_unpublished_at)
    await recordEvent(q, {
      notices: [{ storeId: before.store_id, kind: "product_unpublished", title: `"${before.name}" was published again by an administrator`, link: `/stores/${before.store_slug}/notification` }],
      mails: [productRepublishedEmail(before.store_email, store, before.name)],
    });
  return after;
}

/** Issue 36 item 2: whether a category's products need a SON certificate to be published (audited). */
export async function setCategoryCertificate(q: Queryable, actor: Actor, id: number, required: boolean, reason: string | null) {
  const before = (await q.query<{ id: number; name: string; requires_certificate: boolean }>("SELECT id, name, requires_certificate FROM categories WHERE id = $1 FOR UPDATE", [id])).rows[0];
  if (!before) throw notFound();
  await q.query("UPDATE categories SET requires_certificate = $2 WHERE id = $1", [id, required]);
  await audit(q, {
    actorId: actor.id,
    action: required ? "category.require_certificate" : "category.certificate_optional",
    targetType: "category",
    targetId: id,
    before: { requires_certificate: before.requires_certificate },
    after: { requires_certificate: required },
    reason,
  });
  return { id, name: before.name, requires_certificate: required };
}

/**
 * Issue 36 item 2: an administrator lets a product be published without a SON certificate, with a
 * reason (audited; the store is told). The waiver stays until the certificate is given.
 */
export async function waiveProductCertificate(q: Queryable, actor: Actor, id: number, reason: string) {
  const before = await lockedProduct(q, id);
  const cur = (await q.query<{ certificate_number: string | null; waived: boolean }>("SELECT certificate_number, certificate_waived_at IS NOT NULL AS waived FROM products WHERE id = $1", [id])).rows[0];
  await q.query("UPDATE products SET certificate_waived_at = now(), certificate_waived_reason = $2, certificate_waived_by = $3, updated_at = now() WHERE id = $1", [id, reason, actor.id]);
  await audit(q, {
    actorId: actor.id,
    action: "product.certificate_waive",
    targetType: "product",
    targetId: id,
    before: { certificate_number: cur.certificate_number, certificate_waived: cur.waived },
    after: { certificate_number: cur.certificate_number, certificate_waived: true },
    reason,
  });
  await recordEvent(q, {
    notices: [{ storeId: before.store_id, kind: "product_unpublished", title: `"${before.name}" may be published without a SON certificate`, body: reason, link: `/stores/${before.store_slug}/notification` }],
  });
  return { id, name: before.name, certificate_waived: true, reason };
}

export async function setProductFeatured(q: Queryable, actor: Actor, id: number, featured: boolean, reason: string | null) {
  const before = await lockedProduct(q, id);
  await q.query("UPDATE products SET featured = $2, updated_at = now() WHERE id = $1", [id, featured]);
  const after = (await findAdminProduct(q, id))!;
  await audit(q, { actorId: actor.id, action: featured ? "product.feature" : "product.unfeature", targetType: "product", targetId: id, before: productState(before), after: productState(after), reason });
  if (featured && !before.featured)
    await recordEvent(q, {
      notices: [{ storeId: before.store_id, kind: "product_featured", title: `"${before.name}" is featured on the home page`, body: reason ?? "", link: `/stores/${before.store_slug}/notification` }],
    });
  return after;
}

// ---- categories ------------------------------------------------------------------------------

const categoryState = (c: { name: string; slug: string; parent_id: number | null; retired_at: unknown }) => ({
  name: c.name,
  slug: c.slug,
  parent: c.parent_id,
  retired_at: iso(c.retired_at as string | null),
});

async function checkParent(q: Queryable, parent: number | null, field = "parent") {
  if (parent === null) return;
  const p = await findCategory(q, parent);
  if (!p) throw badRequest({ [field]: [CATEGORY_MESSAGES.noParent] });
  if (p.retired_at) throw badRequest({ [field]: [CATEGORY_MESSAGES.retiredParent] });
}

async function checkNameFree(q: Queryable, name: string, parent: number | null, exceptId: number | null) {
  const r = await q.query("SELECT 1 FROM categories WHERE lower(name) = lower($1) AND coalesce(parent_id, 0) = $2 AND id <> $3", [name, parent ?? 0, exceptId ?? 0]);
  if (r.rows[0]) throw badRequest({ name: [CATEGORY_MESSAGES.duplicate] });
}

/** A slug no other category has: the name's, then -2, -3 ... */
async function freeSlug(q: Queryable, name: string, exceptId: number | null): Promise<string> {
  const base = categorySlugFor(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const r = await q.query("SELECT 1 FROM categories WHERE slug = $1 AND id <> $2", [slug, exceptId ?? 0]);
    if (!r.rows[0]) return slug;
  }
  throw badRequest({ name: ["Choose another name."] });
}

export async function createCategory(q: Queryable, actor: Actor, name: string, parent: number | null) {
  await checkParent(q, parent);
  await checkNameFree(q, name, parent, null);
  const slug = await freeSlug(q, name, null);
  const r = await q.query<{ id: number }>(
    "INSERT INTO categories (name, slug, parent_id, position) VALUES ($1, $2, $3, (SELECT coalesce(max(position), 0) + 1 FROM categories WHERE coalesce(parent_id, 0) = $4)) RETURNING id",
    [name, slug, parent, parent ?? 0],
  );
  const id = r.rows[0].id;
  const after = (await findCategory(q, id))!;
  await audit(q, { actorId: actor.id, action: "category.create", targetType: "category", targetId: id, before: null, after: categoryState(after) });
  return after;
}

async function lockedCategory(q: Queryable, id: number) {
  const c = await findCategory(q, id, true);
  if (!c) throw notFound();
  return c;
}

/** Renames a category; its slug (its page address) stays, so links keep working. */
export async function renameCategory(q: Queryable, actor: Actor, id: number, name: string) {
  const before = await lockedCategory(q, id);
  await checkNameFree(q, name, before.parent_id, id);
  await q.query("UPDATE categories SET name = $2 WHERE id = $1", [id, name]);
  const after = (await findCategory(q, id))!;
  await audit(q, { actorId: actor.id, action: "category.rename", targetType: "category", targetId: id, before: categoryState(before), after: categoryState(after) });
  return after;
}

export async function moveCategory(q: Queryable, actor: Actor, id: number, parent: number | null) {
  const before = await lockedCategory(q, id);
  if (parent !== null) {
    // Refuse a cycle: the new parent may not be the category or one of its descendants.
    const below = await q.query<{ id: number }>(
      `WITH RECURSIVE t(id, depth) AS (SELECT id, 0 FROM categories WHERE id = $1
         UNION ALL SELECT c.id, t.depth + 1 FROM categories c JOIN t ON c.parent_id = t.id WHERE t.depth < 50)
       SELECT 1 AS id FROM t WHERE id = $2 LIMIT 1`,
      [id, parent],
    );
    if (below.rows[0]) throw badRequest({ parent: [CATEGORY_MESSAGES.cycle] });
  }
  await checkParent(q, parent);
  await checkNameFree(q, before.name, parent, id);
  await q.query("UPDATE categories SET parent_id = $2 WHERE id = $1", [id, parent]);
  const after = (await findCategory(q, id))!;
  await audit(q, { actorId: actor.id, action: "category.move", targetType: "category", targetId: id, before: categoryState(before), after: categoryState(after) });
  return after;
}

export async function setCategoryRetired(q: Queryable, actor: Actor, id: number, retired: boolean, reason: string | null) {
  const before = await lockedCategory(q, id);
  if (retired) {
    const live = await q.query("SELECT 1 FROM categories WHERE parent_id = $1 AND retired_at IS NULL LIMIT 1", [id]);
    if (live.rows[0]) throw badRequest({ non_field_errors: [CATEGORY_MESSAGES.liveSubcategories] });
  } else if (before.parent_id !== null) {
    const parent = await findCategory(q, before.parent_id);
    if (parent?.retired_at) throw badRequest({ non_field_errors: [CATEGORY_MESSAGES.retiredParent] });
  }
  await q.query(`UPDATE categories SET retired_at = ${retired ? "COALESCE(retired_at, now())" : "NULL"} WHERE id = $1`, [id]);
  const after = (await findCategory(q, id))!;
  await audit(q, { actorId: actor.id, action: retired ? "category.retire" : "category.restore", targetType: "category", targetId: id, before: categoryState(before), after: categoryState(after), reason });
  return after;
}

/** Deletes an empty category (no product, deleted ones included, and no subcategory); otherwise 400: retire it. */
export async function deleteCategory(q: Queryable, actor: Actor, id: number) {
  const before = await lockedCategory(q, id);
  const products = await q.query("SELECT 1 FROM products WHERE category_id = $1 LIMIT 1", [id]);
  if (products.rows[0]) throw badRequest({ non_field_errors: [CATEGORY_MESSAGES.hasProducts] });
  const children = await q.query("SELECT 1 FROM categories WHERE parent_id = $1 LIMIT 1", [id]);
  if (children.rows[0]) throw badRequest({ non_field_errors: [CATEGORY_MESSAGES.hasSubcategories] });
  await q.query("DELETE FROM product_counts WHERE category_id = $1", [id]);
  await q.query("DELETE FROM categories WHERE id = $1", [id]);
  await audit(q, { actorId: actor.id, action: "category.delete", targetType: "category", targetId: id, before: categoryState(before), after: null });
}

// ---- reviews ---------------------------------------------------------------------------------

export async function setReviewHidden(q: Queryable, actor: Actor, id: number, hidden: boolean, reason: string | null) {
  const before = await findAdminReview(q, id, true);
  if (!before) throw notFound();
  if (hidden) await q.query("UPDATE reviews SET hidden_at = COALESCE(hidden_at, now()), hidden_reason = $2 WHERE id = $1", [id, reason]);
  else await q.query("UPDATE reviews SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1", [id]);
  const after = (await findAdminReview(q, id))!;
  const state = (r: typeof before) => ({ hidden_at: r.hidden_at, hidden_reason: r.hidden_reason });
  await audit(q, { actorId: actor.id, action: hidden ? "review.hide" : "review.unhide", targetType: "review", targetId: id, before: state(before), after: state(after), reason });
  return after;
}

// ---- users -----------------------------------------------------------------------------------

const userState = (u: { is_active: boolean; deactivated_at: string | null }) => ({ is_active: u.is_active, deactivated_at: u.deactivated_at });

export async function setUserActive(q: Queryable, actor: Actor, id: number, active: boolean, reason: string | null) {
  const before = await findAdminUser(q, id, true);
  if (!before) throw notFound();
  if (!active && id === actor.id) throw badRequest({ non_field_errors: ["You cannot deactivate your own account."] });
  if (active) await q.query("UPDATE users SET is_active = true, deactivated_at = NULL, updated_at = now() WHERE id = $1", [id]);
  else {
    await q.query("UPDATE users SET is_active = false, deactivated_at = COALESCE(deactivated_at, now()), updated_at = now() WHERE id = $1", [id]);
    await endSessions(q, id); // every access and refresh token of the user stops working now
  }
  const after = (await findAdminUser(q, id))!;
  await audit(q, { actorId: actor.id, action: active ? "user.reactivate" : "user.deactivate", targetType: "user", targetId: id, before: userState(before), after: userState(after), reason });
  return after;
}

/**
 * Sends a new verification link. Not in a transaction: createVerification (auth) sends the mail at
 * once and then flushes the mail queue on the Queryable it was given, which must outlive the call.
 * The key is stored first, then the audit row.
 */
export async function resendVerification(db: Queryable, actor: Actor, id: number) {
  const u = await findAdminUser(db, id);
  if (!u) throw notFound();
  if (u.email_verified) throw badRequest({ non_field_errors: ["This e-mail address is already verified."] });
  if (!u.is_active) throw badRequest({ non_field_errors: ["This account is deactivated: reactivate it first."] });
  await createVerification(db, { id: u.id, email: u.email, first_name: u.first_name });
  await audit(db, { actorId: actor.id, action: "user.resend_verification", targetType: "user", targetId: id, before: null, after: { email: u.email } });
  return u;
}
