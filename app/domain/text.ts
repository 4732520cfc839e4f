/**
 * Text limits shared by every schema (API bodies and storefront forms). Every text field has a
 * maximum length and refuses NUL characters (PostgreSQL cannot store them in text columns, and
 * no honest client sends them): both are a 400 with a message next to the field, never a 500.
 * Client-safe: no server imports.
 */
import * as z from "zod";

export const NUL_MESSAGE = "Null characters are not allowed.";
export const maxLengthMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;
export const minLengthMessage = (min: number) => `Should be at least ${min} characters`;

// The spec's two "atleast" messages, respelled for the UI (./spelling; no zod there, pages import it).
export { specSpelling, uiSpelling } from "./spelling";

export { TEXT_MAX } from "./text-max";

export const hasNul = (v: string) => v.includes("\u0000");

export const LONE_SURROGATE_MESSAGE = "Invalid text: a lone UTF-16 surrogate (half of a character) is not allowed.";
/** A UTF-16 surrogate without its other half (JSON's "\ud800"): not text, cannot be stored as such. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
export const hasLoneSurrogate = (v: string) => LONE_SURROGATE.test(v);

export interface TextOptions {
  /** Message for a missing or blank value; without it the field may be empty. */
  required?: string;
  min?: number;
  minMessage?: string;
  maxMessage?: string;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
}

/**
 * A string of at most `max` characters without NUL. With `required`, blank is refused with that
 * message; `min` adds a minimum length. A blank required value gets only the
 * `required` message; callers that show one message per field take the first.
 */
export function text(max: number, opts: TextOptions = {}) {
  const { required, min, minMessage, maxMessage, trim = true } = opts;
  let s = z.string(required ? { error: required } : undefined);
  if (trim) s = s.trim();
  if (required) s = s.min(1, required);
  // No `abort`: an aborted issue would stop an object's cross-field checks (see accounts.ts).
  s = s.refine((v) => !hasNul(v), NUL_MESSAGE);
  if (min) s = s.refine((v) => v.length === 0 || v.length >= min, minMessage ?? minLengthMessage(min));
  return s.max(max, maxMessage ?? maxLengthMessage(max));
}

/** An optional text: missing, null or blank become null. */
export const optionalText = (max: number, opts: Omit<TextOptions, "required"> = {}) =>
  z
    .union([text(max, opts), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** Recursively: the path of the first string holding NUL in a JSON-like value, or null. */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return hasNul(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findNul(value[i], [...path, String(i)]);
      if (p) return p;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (hasNul(k)) return [...path, k];
      const p = findNul(v, [...path, k]);
      if (p) return p;
    }
  }
  return null;
}

/** Recursively: the path of the first string (or key) holding a lone UTF-16 surrogate, or null. */
export function findLoneSurrogate(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return hasLoneSurrogate(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findLoneSurrogate(value[i], [...path, String(i)]);
      if (p) return p;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (hasLoneSurrogate(k)) return [...path, k.replace(/[\uD800-\uDFFF]/gu, "?")];
      const p = findLoneSurrogate(v, [...path, k]);
      if (p) return p;
    }
  }
  return null;
}
