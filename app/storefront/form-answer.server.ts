/**
 * How the cart and wishlist actions answer: a flash message for the page, any extra cookies,
 * then data for a fetcher (JavaScript on) or a 303 back to where the shopper was (plain POST).
 */
import { data, redirect } from "@remix-run/node";
import type { FetcherResult } from "~/components/cart-forms";
import type { Api } from "./api.server";

/** A positive integer id from a form field, or null. */
export function positiveId(v: FormDataEntryValue | null): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function formAnswerer(api: Api, opts: { viaFetcher: boolean; back: string; cookies: string[] }) {
  return async (result: FetcherResult, to = opts.back) => {
    if (result.message) {
      api.session.flash("flash", { kind: result.ok ? "success" : "error", message: result.message });
      api.dirty = true;
    }
    const headers = await api.headers();
    for (const c of opts.cookies) headers.append("Set-Cookie", c);
    if (opts.viaFetcher) return data(result, { status: result.ok ? 200 : 400, headers });
    return redirect(to, { status: 303, headers });
  };
}
