/**
 * Path parameters. A malformed id, or one outside PostgreSQL's integer range, names nothing:
 * it is a 404 `{"detail": "Not found."}` (never a 500 from the database).
 */
import { MAX_INT_ID } from "~/domain/validation";
import { notFound } from "./http";

export { MAX_INT_ID };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A serial id (1..2147483647) written as plain digits, or null. */
export function parseIntId(raw: string | null | undefined): number | null {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_INT_ID ? n : null;
}

/** A uuid in canonical 8-4-4-4-12 form (lower-cased), or null. */
export function parseUuid(raw: string | null | undefined): string | null {
  return typeof raw === "string" && UUID_RE.test(raw) ? raw.toLowerCase() : null;
}

export const isIntId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_INT_ID;

/** The serial id of path parameter `name`, or a 404. */
export function intParam(params: Record<string, string>, name: string): number {
  const n = parseIntId(params[name]);
  if (n === null) throw notFound();
  return n;
}

/** The uuid of path parameter `name`, or a 404. */
export function uuidParam(params: Record<string, string>, name: string): string {
  const id = parseUuid(params[name]);
  if (id === null) throw notFound();
  return id;
}
