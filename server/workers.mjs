import os from "node:os";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Whether a server would run the in-process Paystack stand-in (the rule of
 * app/integrations/paystack/gateway.server.ts `standinAllowed`): no key, and PAYSTACK_STANDIN=1 or a
 * local PUBLIC_URL (unset means http://localhost:PORT). Its payments live in that one process.
 * @param {Record<string, string | undefined>} e
 */
export function runsPaystackStandin(e) {
  if (e.PAYSTACK_SECRET_KEY) return false;
  if (e.PAYSTACK_STANDIN === "0") return false;
  if (e.PAYSTACK_STANDIN === "1") return true;
  if (!e.PUBLIC_URL) return true;
  try {
    return LOCAL_HOSTS.has(new URL(e.PUBLIC_URL).hostname);
  } catch {
    return false;
  }
}

/**
 * How many server processes `npm start` runs (see start.mjs): WEB_CONCURRENCY, else one per core
 * when the processes can share everything they need: the data on a PostgreSQL server
 * (DATABASE_URL) and no in-process Paystack stand-in (a Paystack key, or a public deployment
 * without one, whose card payments are off). The embedded database is one process's, always.
 * @param {Record<string, string | undefined>} [e]
 * @param {number} [cores]
 */
export function workerCount(e = process.env, cores = os.availableParallelism?.() ?? os.cpus().length) {
  const asked = Number.parseInt(e.WEB_CONCURRENCY ?? "", 10);
  const shareable = !!e.DATABASE_URL && !runsPaystackStandin(e);
  if (Number.isFinite(asked) && asked > 0) {
    if (asked > 1 && !e.DATABASE_URL) return 1; // the embedded database cannot be shared
    return asked;
  }
  return shareable ? Math.max(1, cores) : 1;
}
