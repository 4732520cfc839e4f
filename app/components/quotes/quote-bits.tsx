/**
 * The small pieces of the quote pages (issue 35) that a page's first view carries: a form reply's
 * field message and typed value, and a quote's status badge. The thread and the forms
 * (./quote-thread.tsx) come on demand (islands), so pages import these from here.
 */
import { useTranslation } from "~/i18n/react";
import type { ApiQuote } from "~/storefront/api-types";

export interface QuoteReply {
  error?: Record<string, string[] | null | undefined> | null;
  initialValue?: Record<string, unknown> | null;
}

export const fieldError = (r: QuoteReply | undefined, name: string) =>
  r?.error?.[name]?.[0] ?? undefined;
export const typed = (
  r: QuoteReply | undefined,
  name: string
): string | undefined => {
  const path = name.split(/[.[\]]+/).filter(Boolean);
  let v: unknown = r?.initialValue;
  for (const p of path)
    v =
      v && typeof v === "object"
        ? (v as Record<string, unknown>)[p]
        : undefined;
  return typeof v === "string" ? v : undefined;
};

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert">
      {message}
    </p>
  ) : null;
}

const STATUS_CLASS: Record<string, string> = {
  requested: "bg-amber-50 text-amber-900",
  countered: "bg-amber-50 text-amber-900",
  offered: "bg-blue-50 text-blue-900",
  accepted: "bg-green-50 text-green-900",
  declined: "bg-gray-100 text-gray-800",
  expired: "bg-red-50 text-red-900",
};

export function QuoteStatus({
  quote,
}: {
  quote: Pick<ApiQuote, "shown_status">;
}) {
  const { t } = useTranslation("quotes");
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${
        STATUS_CLASS[quote.shown_status] ?? ""
      }`}
      data-testid="quote-status"
    >
      {t(`status.${quote.shown_status}`)}
    </span>
  );
}
