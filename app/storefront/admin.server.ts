/**
 * The /admin pages' actions: one way to run an admin change from a plain POST form.
 * The form's fields are checked with the domain's schema (the API's own), then the API is called;
 * a 400 comes back as a conform reply for that row's form (`{intent, id, reply}`), success 303s
 * back to the same page with a flash.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type * as z from "zod";
import { OptionalReasonSchema, RequiredReasonSchema } from "~/domain/admin";
import type { Api } from "./api.server";
import { apiErrorsToReply } from "./form-reply";
import { redirectWithFlash, unknownIntent } from "./responses.server";
import { safeRedirect } from "./safe-redirect";

export interface AdminFormResult {
  intent: string;
  id: string;
  reply: SubmissionResult<string[]>;
}

/** The page the form was posted from (path and query), to go back to. */
export function backTo(request: Request, fallback: string): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return safeRedirect(`${url.pathname}${url.search}`, fallback);
}

export async function runAdminForm(
  api: Api,
  request: Request,
  form: FormData,
  opts: { schema: z.ZodObject; method?: "POST" | "DELETE"; path: string; done: string; fallback: string },
) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const submission = parseWithZod(form, { schema: opts.schema });
  if (submission.status !== "success") return data<AdminFormResult>({ intent, id, reply: submission.reply() }, { status: 400 });
  const r = opts.method === "DELETE" ? await api.delete(opts.path) : await api.post(opts.path, submission.value);
  if (r.status === 401) await api.must(Promise.resolve(r)); // the session ended: to the login page
  if (!r.ok) {
    const errors = apiErrorsToReply(r.status, r.data, Object.keys(opts.schema.shape), "That did not work. Please try again.");
    return data<AdminFormResult>({ intent, id, reply: submission.reply(errors) }, { status: r.status === 404 ? 404 : r.status >= 500 ? 502 : 400 });
  }
  return redirectWithFlash(api, backTo(request, opts.fallback), { kind: "success", message: opts.done });
}

/** What a row button of an admin list does: whether a reason is required, and the flash on success. */
export interface AdminRowAction {
  reason: boolean;
  done: string;
}

/**
 * The action of an admin list whose rows carry buttons `intent` + `id`: an unknown intent or a
 * malformed id is a 400 (`unknownIntent`); otherwise POST `/admin/{area}/{id}/{intent}/` with the
 * row's reason (required or optional per the intent) through runAdminForm.
 */
export async function runAdminRowAction(api: Api, request: Request, form: FormData, area: string, actions: Record<string, AdminRowAction>) {
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  if (!Object.hasOwn(actions, intent) || !Number.isInteger(id) || id <= 0) throw unknownIntent();
  const spec = actions[intent];
  return runAdminForm(api, request, form, {
    schema: spec.reason ? RequiredReasonSchema : OptionalReasonSchema,
    path: `/admin/${area}/${id}/${intent}/`,
    done: spec.done,
    fallback: `/admin/${area}`,
  });
}

/** The page's filters (only `keys`) as the API's query string, plus the page number. */
export function listQuery(request: Request, keys: readonly string[]): { qs: string; page: number; filters: Record<string, string> } {
  const url = new URL(request.url);
  const out = new URLSearchParams();
  const filters: Record<string, string> = {};
  for (const k of keys) {
    // The page's search box is "q": the header's own search box fills itself from "search".
    const v = (k === "search" ? (url.searchParams.get("q") ?? url.searchParams.get(k)) : url.searchParams.get(k))?.trim().slice(0, 200);
    if (v) {
      out.set(k, v);
      filters[k] = v;
    }
  }
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  if (page > 1) out.set("page", String(page));
  return { qs: out.toString(), page, filters };
}
