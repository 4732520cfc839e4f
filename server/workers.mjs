import os from "node:os";

/**
 * How many server processes `npm start` runs (see start.mjs): WEB_CONCURRENCY, else one per core when shareable.
 * @param {Record<string, string | undefined>} [e]
 * @param {number} [cores]
 */
export function workerCount(e = process.env, cores = os.availableParallelism?.() ?? os.cpus().length) {
  const asked = Number.parseInt(e.WEB_CONCURRENCY ?? "", 10);
  const shareable = !!e.DATABASE_URL && !!e.PAYSTACK_SECRET_KEY;
  if (Number.isFinite(asked) && asked > 0) {
    if (asked > 1 && !e.DATABASE_URL) return 1; // the embedded database cannot be shared
    return asked;
  }
  return shareable ? Math.max(1, cores) : 1;
}

