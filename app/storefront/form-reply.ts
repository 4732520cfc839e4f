/**
 * API error answers as a conform form reply (spec section 8): `{"field": ["message"]}` onto the
 * fields the form has; `detail`, `non_field_errors`, top-level arrays and fields the form does not
 * show become form errors. Pure (used by actions and unit tests).
 */
import { uiSpelling } from "~/domain/text";

/** Result an action sends back to a fetcher (cart and wishlist forms). */
export interface FetcherResult {
  ok: boolean;
  message?: string;
}

export interface ReplyErrors {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

const IGNORED_KEYS = new Set(["code", "messages", "status_code"]);

export function apiErrorsToReply(status: number, body: unknown, fields: readonly string[], fallback?: string): ReplyErrors {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  if (status >= 500) return { formErrors: ["Something went wrong on our side. Please try again."], fieldErrors };
  if (typeof body === "string" && body) return { formErrors: [body], fieldErrors };
  if (Array.isArray(body)) {
    formErrors.push(...body.filter((v) => typeof v === "string" || typeof v === "number").map((v) => uiSpelling(String(v))));
  } else if (body && typeof body === "object") {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (IGNORED_KEYS.has(k)) continue;
      const messages = (Array.isArray(v) ? v.filter((m) => typeof m === "string") : typeof v === "string" ? [v] : []).map(uiSpelling);
      if (!messages.length) continue;
      if (fields.includes(k)) fieldErrors[k] = [...(fieldErrors[k] ?? []), ...messages];
      else formErrors.push(...messages);
    }
  }
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(fallback ?? `Request failed with status code ${status}`);
  return { formErrors, fieldErrors };
}

/** The first message of an API error body (for one-line flash messages), or the fallback. */
export function apiMessage(body: unknown, fallback: string): string {
  const { formErrors, fieldErrors } = apiErrorsToReply(400, body, [], fallback);
  return formErrors[0] ?? Object.values(fieldErrors)[0]?.[0] ?? fallback;
}
