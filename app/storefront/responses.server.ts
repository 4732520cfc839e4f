/**
 * How storefront actions read their input and answer: one form-data reader that turns bad bodies
 * into 400/415 (never a 500), one flash-and-redirect, one answer for an unknown intent.
 */
import { redirect } from "@remix-run/node";
import type { FlashData } from "./session.server";
import type { Api } from "./api.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The request's form data. Throws a 415 Response for a body that is not a form (JSON, no content
 * type) and a 400 Response for a form body that cannot be parsed (e.g. multipart without a
 * boundary), so a bad request never reaches the action as a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new Response("Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

export type Flash = FlashData["flash"];

/**
 * A 303 to `to` with a flash message for the next page (null: none) and the session committed,
 * plus any extra headers (e.g. a cart cookie) from `init`.
 */
export async function redirectWithFlash(api: Api, to: string, flash: Flash | null, init: { status?: number; headers?: HeadersInit } = {}): Promise<Response> {
  if (flash) api.flash(flash.kind, flash.message);
  const headers = await api.headers(init.headers);
  return redirect(to, { status: init.status ?? 303, headers });
}

/** The one answer to a form intent the action does not know: 400. Throw it. */
export function unknownIntent(): Response {
  return new Response("Unknown action.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
