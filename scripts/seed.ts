/**
 * npm run seed: fills the app database (DATA_DIR/pglite, or DATABASE_URL) with the demo catalogue.
 * Safe to run again: it does nothing when the demo data is already there.
 */
import { getDb } from "~/db/client.server";
import { seed } from "~/db/seed";
import { DEMO_ACCOUNTS } from "~/db/seed/catalog-data";

async function main() {
  // Seeding is not a request: the app's statement bounds (docs/deploy.md) do not cut it.
  process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= "0";
  process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS ??= "0";
  const started = Date.now();
  const db = await getDb();
  try {
    const opened = Date.now();
    console.log(`Database opened and migrated (${db.engine}) in ${((opened - started) / 1000).toFixed(1)} s. Seeding the demo catalogue...`);
    const result = await seed(db, { log: console.log });
    const seeded = ((Date.now() - opened) / 1000).toFixed(1);
    const counts = (
      await db.query<{ users: number; categories: number; stores: number; products: number; images: number; reviews: number }>(
        `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM categories) AS categories,
                (SELECT count(*)::int FROM stores) AS stores, (SELECT count(*)::int FROM products) AS products,
                (SELECT count(*)::int FROM images) AS images, (SELECT count(*)::int FROM reviews) AS reviews`,
      )
    ).rows[0];
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      result.created
        ? `Created ${result.products} demo products in ${seeded} s (${secs} s in all).`
        : `Nothing to do: the demo data is already there (${result.products} demo products).`,
    );
    console.log(
      `Database now holds ${counts.users} users, ${counts.categories} categories, ${counts.stores} stores, ` +
        `${counts.products} products, ${counts.images} images, ${counts.reviews} reviews.`,
    );
    console.log("Demo logins:");
    for (const a of DEMO_ACCOUNTS) {
      const what = a.role === "admin" ? "admin" : a.email.startsWith("vendor") ? "vendor, owns Lagos Building Depot" : "shopper";
      console.log(`  ${a.email.padEnd(28)} ${a.password.padEnd(14)} (${what})`);
    }
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
