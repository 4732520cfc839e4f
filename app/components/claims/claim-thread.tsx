/**
 * A claim as one thread (issue 36 item 5): what was claimed and where it stands, then each step
 * (who, what, the amount, the photos) oldest first. The same on the buyer's, the store's and the
 * admin's page; `photo` gives the viewer's own address of a photo (/claim-photo/…). The forms of each
 * side (plain HTML posts, errors from the action next to the fields) are below: ClaimOpenForm,
 * ClaimAnswerForm, ClaimRulingForm. Labels are `orders:claims.*`.
 */
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/i18n/dates";
import { formatNaira } from "~/domain/money";
import { CLAIM_REASONS } from "~/domain/claim-rules";
import type { ApiClaim } from "~/storefront/api-types";
import { primaryButton } from "~/components/ui/button";

export interface ClaimReply {
  error?: Record<string, string[] | null | undefined> | null;
  initialValue?: Record<string, unknown> | null;
}

const fieldError = (r: ClaimReply | undefined, name: string) => r?.error?.[name]?.[0];
const typed = (r: ClaimReply | undefined, name: string) => {
  const v = r?.initialValue?.[name];
  return typeof v === "string" ? v : undefined;
};

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert">
      {message}
    </p>
  ) : null;
}

export function ClaimThread({ claim, photo }: { claim: ApiClaim; photo: (photoId: number) => string }) {
  const { t } = useTranslation("orders");
  const status =
    claim.status === "open"
      ? t("claims.status.open", { date: formatDate(claim.answer_due_at, t) })
      : claim.status === "resolved" && claim.refund_status && claim.refund_status !== "processed"
        ? t("claims.status.refunding")
        : t(`claims.status.${claim.status}`);
  return (
    <article className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm" data-testid="claim-thread" aria-labelledby={`claim-${claim.id}`}>
      <header className="space-y-1">
        <h2 id={`claim-${claim.id}`} className="text-base font-semibold">
          {claim.product_name} × {claim.quantity} · {formatNaira(claim.amount)}
        </h2>
        <p>
          <span className="font-medium">{t(`claims.reasons.${claim.reason}`)}</span> · {claim.store.name ?? ""}
        </p>
        <p className="inline-block rounded bg-amber-50 px-2 py-0.5 font-semibold text-amber-900" data-testid="claim-status">
          {status}
        </p>
        {claim.held > 0 ? <p className="text-gray-700">{t("claims.held", { amount: formatNaira(claim.held) })}</p> : null}
      </header>
      <ol className="space-y-2 border-l-2 border-gray-200 pl-3">
        {claim.messages.map((m) => (
          <li key={m.id} className="space-y-1" data-testid="claim-step">
            <p className="text-xs text-gray-600">
              <span className="font-semibold text-gray-900">{t(`claims.author.${m.author}`)}</span> · {formatDate(m.created_at, t)}
            </p>
            <p className="font-medium">
              {m.kind === "ruling" && m.amount === 0
                ? t("claims.step.ruling_none")
                : t(`claims.step.${m.kind}`, { amount: formatNaira(m.amount ?? 0), resolution: m.body })}
            </p>
            {m.body && m.kind !== "dispute_resolved" && m.kind !== "dispute_remind" ? <p className="whitespace-pre-line">{m.body}</p> : null}
            {m.photos.length ? (
              <div className="flex flex-wrap gap-2">
                {m.photos.map((url, i) => {
                  const id = Number(/\/photos\/(\d+)\//.exec(url)?.[1] ?? 0);
                  return (
                    <a key={url} href={photo(id)} className="block">
                      <img src={`${photo(id)}${photo(id).includes("?") ? "&" : "?"}w=160`} alt={t("claims.photo_alt", { n: i + 1 })} width={96} height={96} loading="lazy" className="h-24 w-24 rounded border border-gray-200 object-cover" />
                    </a>
                  );
                })}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The buyer's form for one line: what went wrong, a note and up to three photos. */
export function ClaimOpenForm({ itemId, name, claimBy, action, lastResult }: { itemId: string; name: string; claimBy: string; action: string; lastResult?: ClaimReply }) {
  const { t } = useTranslation("orders");
  const p = `claim-${itemId}`;
  return (
    <form method="post" action={action} encType="multipart/form-data" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm" aria-labelledby={`${p}-h`}>
      <h2 id={`${p}-h`} className="text-base font-semibold">
        {t("claims.open_heading", { name })}
      </h2>
      <p className="text-gray-600">{t("claims.claim_by", { date: formatDate(claimBy, t) })}</p>
      <input type="hidden" name="itemId" value={itemId} />
      <div>
        <label htmlFor={`${p}-reason`} className="field-label">
          {t("claims.reason")}
        </label>
        <select id={`${p}-reason`} name="reason" defaultValue={typed(lastResult, "reason") ?? ""} className="field-input" aria-describedby={`${p}-reason-e`}>
          <option value="">{t("claims.choose")}</option>
          {CLAIM_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`claims.reasons.${r}`)}
            </option>
          ))}
        </select>
        <FieldError id={`${p}-reason-e`} message={fieldError(lastResult, "reason")} />
      </div>
      <div>
        <label htmlFor={`${p}-note`} className="field-label">
          {t("claims.note")}
        </label>
        <textarea id={`${p}-note`} name="note" rows={3} defaultValue={typed(lastResult, "note") ?? ""} className="field-input" aria-describedby={`${p}-note-e`} />
        <FieldError id={`${p}-note-e`} message={fieldError(lastResult, "note")} />
      </div>
      <fieldset className="space-y-1">
        <legend className="field-label">{t("claims.photos")}</legend>
        <p className="text-gray-600">{t("claims.photo_hint")}</p>
        {(["photo", "photo_2", "photo_3"] as const).map((f, i) => (
          <div key={f}>
            <input type="file" name={f} accept="image/jpeg,image/png,image/webp" aria-label={t("claims.photo_alt", { n: i + 1 })} aria-describedby={`${p}-${f}-e`} className="block w-full text-sm" />
            <FieldError id={`${p}-${f}-e`} message={fieldError(lastResult, f)} />
          </div>
        ))}
      </fieldset>
      <FieldError id={`${p}-form-e`} message={fieldError(lastResult, "")} />
      <button type="submit" name="intent" value="open" className={primaryButton}>
        {t("claims.submit")}
      </button>
    </form>
  );
}

/** The store's answer to an open claim: refund all, part (an amount) or reply with evidence. */
export function ClaimAnswerForm({ claim, action, lastResult }: { claim: ApiClaim; action: string; lastResult?: ClaimReply }) {
  const { t } = useTranslation("orders");
  const p = `answer-${claim.id}`;
  const chosen = typed(lastResult, "answer") ?? "reply";
  return (
    <form method="post" action={action} encType="multipart/form-data" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm" aria-labelledby={`${p}-h`}>
      <h3 id={`${p}-h`} className="text-base font-semibold">
        {t("claims.answer_heading")}
      </h3>
      <input type="hidden" name="claimId" value={claim.id} />
      <fieldset>
        <legend className="field-label">{t("claims.answer")}</legend>
        {(["refund_all", "refund_part", "reply"] as const).map((a) => (
          <label key={a} className="flex items-center gap-2 py-1">
            <input type="radio" name="answer" value={a} defaultChecked={chosen === a} />
            {t(`claims.answers.${a}`, { amount: formatNaira(claim.amount) })}
          </label>
        ))}
        <FieldError id={`${p}-answer-e`} message={fieldError(lastResult, "answer")} />
      </fieldset>
      <div>
        <label htmlFor={`${p}-amount`} className="field-label">
          {t("claims.amount")}
        </label>
        <input id={`${p}-amount`} name="amount" inputMode="decimal" defaultValue={typed(lastResult, "amount") ?? ""} className="field-input" aria-describedby={`${p}-amount-e`} />
        <FieldError id={`${p}-amount-e`} message={fieldError(lastResult, "amount")} />
      </div>
      <div>
        <label htmlFor={`${p}-message`} className="field-label">
          {t("claims.message")}
        </label>
        <textarea id={`${p}-message`} name="message" rows={3} defaultValue={typed(lastResult, "message") ?? ""} className="field-input" aria-describedby={`${p}-message-e`} />
        <FieldError id={`${p}-message-e`} message={fieldError(lastResult, "message")} />
      </div>
      <div>
        <label htmlFor={`${p}-photo`} className="field-label">
          {t("claims.evidence")}
        </label>
        <input id={`${p}-photo`} type="file" name="photo" accept="image/jpeg,image/png,image/webp" className="block w-full text-sm" aria-describedby={`${p}-photo-e`} />
        <FieldError id={`${p}-photo-e`} message={fieldError(lastResult, "photo")} />
      </div>
      <FieldError id={`${p}-form-e`} message={fieldError(lastResult, "")} />
      <button type="submit" name="intent" value="answer" className={primaryButton}>
        {t("claims.answer_submit")}
      </button>
    </form>
  );
}

/** The admin's ruling on a claim waiting for them (English: the admin pages stay English). */
export function ClaimRulingForm({ claim, action, lastResult }: { claim: ApiClaim; action: string; lastResult?: ClaimReply }) {
  const p = `ruling-${claim.id}`;
  const chosen = typed(lastResult, "ruling") ?? "refund_none";
  return (
    <form method="post" action={action} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm" aria-labelledby={`${p}-h`}>
      <h3 id={`${p}-h`} className="text-base font-semibold">
        Rule on this claim
      </h3>
      <input type="hidden" name="claimId" value={claim.id} />
      <fieldset>
        <legend className="field-label">Ruling</legend>
        {(
          [
            ["refund_all", `Refund all (${formatNaira(claim.amount)})`],
            ["refund_part", "Refund part"],
            ["refund_none", "No refund: release the store's money"],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="flex items-center gap-2 py-1">
            <input type="radio" name="ruling" value={v} defaultChecked={chosen === v} />
            {label}
          </label>
        ))}
        <FieldError id={`${p}-ruling-e`} message={fieldError(lastResult, "ruling")} />
      </fieldset>
      <div>
        <label htmlFor={`${p}-amount`} className="field-label">
          Amount to refund (₦), for a part refund
        </label>
        <input id={`${p}-amount`} name="amount" inputMode="decimal" defaultValue={typed(lastResult, "amount") ?? ""} className="field-input" aria-describedby={`${p}-amount-e`} />
        <FieldError id={`${p}-amount-e`} message={fieldError(lastResult, "amount")} />
      </div>
      <div>
        <label htmlFor={`${p}-message`} className="field-label">
          Why (the buyer and the store read it)
        </label>
        <textarea id={`${p}-message`} name="message" rows={3} defaultValue={typed(lastResult, "message") ?? ""} className="field-input" aria-describedby={`${p}-message-e`} />
        <FieldError id={`${p}-message-e`} message={fieldError(lastResult, "message")} />
      </div>
      <FieldError id={`${p}-form-e`} message={fieldError(lastResult, "")} />
      <button type="submit" className={primaryButton}>
        Rule
      </button>
    </form>
  );
}
