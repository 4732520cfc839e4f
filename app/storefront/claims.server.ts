/**
 * The claims pages' server side (issue 36 item 5): the buyer's open form, the store's answer and the
 * admin's ruling, each a plain POST read with readForm, checked with the domain schema (conform +
 * zod) and sent to the API; a refusal comes back next to its field with what was typed kept.
 */
import { data } from "@remix-run/node";
import { CLAIM_MESSAGES } from "~/domain/claim-rules";
import { requestT } from "~/i18n/i18next.server";
import type { Api } from "./api.server";
import { apiErrorsToReply, type ReplyErrors } from "./form-reply";
import { ClaimAnswerSchema, ClaimOpenSchema, ClaimRulingSchema, parseWithZod } from "./forms.server";
import { readForm, redirectWithFlash } from "./responses.server";

const notFound = () => new Response("Not Found", { status: 404 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const intId = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
};

/** The domain's English messages in the reader's words (`orders:claims.errors.*`); others as they are. */
async function say(request: Request, errors: ReplyErrors): Promise<ReplyErrors> {
  const t = await requestT(request, "orders");
  const keys = new Map<string, string>(Object.entries(CLAIM_MESSAGES).flatMap(([k, v]) => (typeof v === "string" ? [[v, k] as [string, string]] : [])));
  const one = (m: string) => (keys.has(m) ? t(`claims.errors.${keys.get(m)}`, { defaultValue: m }) : m);
  return { formErrors: errors.formErrors.map(one), fieldErrors: Object.fromEntries(Object.entries(errors.fieldErrors).map(([f, ms]) => [f, ms.map(one)])) };
}

async function sayReply(request: Request, reply: { error?: Record<string, string[] | null> | null }) {
  if (!reply.error) return reply;
  const t = await requestT(request, "orders");
  const keys = new Map<string, string>(Object.entries(CLAIM_MESSAGES).flatMap(([k, v]) => (typeof v === "string" ? [[v, k] as [string, string]] : [])));
  const error = Object.fromEntries(Object.entries(reply.error).map(([f, ms]) => [f, ms?.map((m) => (keys.has(m) ? t(`claims.errors.${keys.get(m)}`, { defaultValue: m }) : m)) ?? null]));
  return { ...reply, error };
}

const copyFile = (from: FormData, to: FormData, field: string) => {
  const f = from.get(field);
  if (f instanceof Blob && f.size > 0) to.set(field, f, f instanceof File ? f.name : field);
};

/** The buyer opens a claim on the line `itemId` of the form. */
export async function submitClaim(api: Api, request: Request, orderId: string, back: string, token: string | null = null) {
  const form = await readForm(request);
  const itemId = String(form.get("itemId") ?? "");
  if (!UUID.test(itemId)) throw notFound();
  const submission = parseWithZod(form, { schema: ClaimOpenSchema });
  if (submission.status !== "success") return data({ key: itemId, reply: await sayReply(request, submission.reply()) }, { status: 400 });
  const body = new FormData();
  body.set("reason", submission.value.reason);
  body.set("note", submission.value.note);
  for (const f of ["photo", "photo_2", "photo_3"]) copyFile(form, body, f);
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  const r = await api.send("POST", `/orders/${orderId}/items/${itemId}/claim/${q}`, { form: body, ...(token && !api.user ? { auth: false } : {}) });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data(
      { key: itemId, reply: submission.reply(await say(request, apiErrorsToReply(r.status, r.data, ["reason", "note", "photo", "photo_2", "photo_3"], "The claim could not be sent."))) },
      { status: r.status >= 500 ? 502 : 400 },
    );
  const t = await requestT(request, "orders");
  return redirectWithFlash(api, back, { kind: "success", message: t("claims.opened_flash") });
}

/** A store member answers claim `claimId` of the form. */
export async function submitClaimAnswer(api: Api, request: Request, storeId: number, back: string) {
  const form = await readForm(request);
  const claimId = intId(form.get("claimId"));
  if (!claimId) throw notFound();
  const submission = parseWithZod(form, { schema: ClaimAnswerSchema });
  if (submission.status !== "success") return data({ key: String(claimId), reply: await sayReply(request, submission.reply()) }, { status: 400 });
  const body = new FormData();
  body.set("answer", submission.value.answer);
  if (submission.value.amount !== undefined) body.set("amount", String(submission.value.amount / 100));
  if (submission.value.message) body.set("message", submission.value.message);
  copyFile(form, body, "photo");
  const r = await api.send("POST", `/stores/${storeId}/claims/${claimId}/answer/`, { form: body });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data(
      { key: String(claimId), reply: submission.reply(await say(request, apiErrorsToReply(r.status, r.data, ["answer", "amount", "message", "photo"], "The answer could not be sent."))) },
      { status: r.status >= 500 ? 502 : 400 },
    );
  const t = await requestT(request, "orders");
  return redirectWithFlash(api, back, { kind: "success", message: t("claims.answered_flash") });
}

/** An admin rules claim `claimId` of the form (the admin pages stay English). */
export async function submitClaimRuling(api: Api, request: Request, back: string) {
  const form = await readForm(request);
  const claimId = intId(form.get("claimId"));
  if (!claimId) throw notFound();
  const submission = parseWithZod(form, { schema: ClaimRulingSchema });
  if (submission.status !== "success") return data({ key: String(claimId), reply: submission.reply() }, { status: 400 });
  const r = await api.post(`/admin/claims/${claimId}/ruling/`, {
    ruling: submission.value.ruling,
    amount: submission.value.amount === undefined ? undefined : submission.value.amount / 100,
    message: submission.value.message,
  });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data({ key: String(claimId), reply: submission.reply(apiErrorsToReply(r.status, r.data, ["ruling", "amount", "message"], "The ruling could not be saved.")) }, {
      status: r.status >= 500 ? 502 : 400,
    });
  return redirectWithFlash(api, back, { kind: "success", message: "Ruling saved: the buyer and the store have been told." });
}
