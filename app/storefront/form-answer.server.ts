/**
 * How the cart and wishlist actions answer: a flash message for the page, any extra cookies,
 * then data for a fetcher (JavaScript on) or a 303 back to where the shopper was (plain POST).
 */
import { data } from "@remix-run/node";
import type { FetcherResult } from "./form-reply";
import type { Api } from "./api.server";
import { redirectWithFlash } from "./responses.server";

/** A positive integer id (at most 2^31-1, the database's int) from a form field, or null. */
export function positiveId(v: FormDataEntryValue | null): number | null {
  if (typeof v !== "string" || !/^\d{1,10}$/.test(v.trim())) return null;
  const n = Number(v);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

export function formAnswerer(api: Api, opts: { viaFetcher: boolean; back: string; cookies: string[] }) {
  return async (result: FetcherResult, to = opts.back) => {
    const flash = result.message ? { kind: result.ok ? ("success" as const) : ("error" as const), message: result.message } : null;
    const headers = new Headers();
    for (const c of opts.cookies) headers.append("Set-Cookie", c);
    if (!opts.viaFetcher) return redirectWithFlash(api, to, flash, { headers });
    if (flash) api.flash(flash.kind, flash.message);
    return data(result, { status: result.ok ? 200 : 400, headers: await api.headers(headers) });
  };
}
