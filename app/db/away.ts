/**
 * "The database is away": an error that says the server could not be reached, refused or dropped
 * the connection, or is shutting down (not an SQL error of the statement). Such a request answers
 * 503 with Retry-After (API: `{"detail": ...}`; pages: a short "back in a moment" page), never a
 * 500, and the process lives on (docs/deploy.md, "Faults").
 */

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Node's errno codes of a connection that could not be made or was cut. */
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "ECONNABORTED"]);

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 57P05 idle session
 * timeout, 25P03 idle in transaction session timeout (the server ended a transaction left idle
 * past DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS), 57014 query_canceled (a statement past
 * DATABASE_STATEMENT_TIMEOUT_MS, e.g. waiting on a lock: the database is too busy to answer in
 * time), 53300 too_many_connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1235]|57014|25P03|53300)$/;

/** node-postgres' and pg-pool's own words for a lost or never made connection. */
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

export function isDatabaseAway(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const code = String((err as { code?: unknown }).code ?? "");
  if (NODE_CODES.has(code) || SQLSTATE.test(code)) return true;
  if (MESSAGES.test(String((err as { message?: unknown }).message ?? ""))) return true;
  // AggregateError: a host with several addresses, each refused. Not `cause`: a failed fetch to a
  // third party (TypeError, cause ECONNREFUSED) is not the database.
  const inner = (err as { errors?: unknown[] }).errors;
  return Array.isArray(inner) && inner.some((x) => isDatabaseAway(x));
}
