/**
 * Pieces of the /admin pages: a search/filter GET form, a pager, a scrolling table
 * wrapper, and the per-row action forms (plain POST forms that work without JavaScript; the
 * reason forms use conform, errors shown next to the field: the action's, and in the browser the
 * domain's schema once ./validators.ts has loaded at the form's first focus). The reason forms
 * and the messages under a row's button are islands (../ui/island.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { island } from "../ui/island";
import { PrevNextPager } from "../ui/prev-next-pager";
import { buttonTones } from "./button-tones";
import { formatDate } from "~/i18n/dates";

/**
 * An action that asks for a reason (./reason-action.tsx), with conform: on demand
 * (../ui/island.tsx), not in the pages' first view. A page that shows one lists `ADMIN_ISLANDS`
 * in its `clientLoader` (`islandsLoader(...ADMIN_ISLANDS)`).
 */
export const ReasonAction = island(() => import("./reason-action").then((m) => ({ default: m.ReasonAction })));
/** A row button's refusal, in the page's language: the form messages' table comes on demand too. */
const RowErrors = island(() => import("../ui/error-list").then((m) => ({ default: m.ErrorList })));
export const ADMIN_ISLANDS = [ReasonAction, RowErrors];

export interface RowResult {
  intent: string;
  id: string;
  reply: SubmissionResult<string[]>;
}

/** The action's answer, only for the form of this row and intent. */
export const resultFor = (r: RowResult | undefined | null, intent: string, id: string | number) =>
  r && r.intent === intent && r.id === String(id) ? r.reply : undefined;

export const when = (iso: string | null | undefined) =>
  iso ? formatDate(iso, "en", "dateTime") : "—";

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4">
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      {children ? <p className="mt-1 text-sm text-gray-600">{children}</p> : null}
    </div>
  );
}

/** A GET form: search text and an optional status filter; keeps the page's other filters out. */
export function Filters({
  search,
  placeholder,
  statuses,
  status,
  extra,
  searchable = true,
}: {
  search?: string;
  searchable?: boolean;
  placeholder: string;
  statuses?: Array<[string, string]>;
  status?: string;
  extra?: ReactNode;
}) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
      {searchable ? (
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="admin-search" className="field-label">
            Search
          </label>
          <input id="admin-search" name="q" type="search" defaultValue={search ?? ""} placeholder={placeholder} maxLength={200} className="field-input" />
        </div>
      ) : null}
      {statuses ? (
        <div>
          <label htmlFor="admin-status" className="field-label">
            Show
          </label>
          <select id="admin-status" name="status" defaultValue={status ?? ""} className="field-input">
            {statuses.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {extra}
      <button type="submit" className="btn border border-gray-300 bg-white text-gray-800 hover:bg-gray-50">
        Filter
      </button>
    </Form>
  );
}

/** Previous / next links over a paged answer, keeping the query. */
export function Pager({ count, page, pageSize = 20 }: { count: number; page: number; pageSize?: number }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const href = (p: number) => {
    const q = new URLSearchParams(location.search);
    q.set("page", String(p));
    return `${location.pathname}?${q.toString()}`;
  };
  return (
    <PrevNextPager
      page={page}
      hasPrevious={page > 1}
      hasNext={page < pages}
      hrefFor={href}
      always
      layout="before"
      status={
        <span className="text-gray-600">
          {count} result{count === 1 ? "" : "s"} · page {page} of {pages}
        </span>
      }
      label="Pages"
      className="mt-3 flex items-center gap-3 text-sm"
      linkClassName="text-brand-700 underline"
      previousText="Previous"
      nextText="Next"
      rel={false}
    />
  );
}

/** Tables scroll sideways inside the page on a phone rather than widening it. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white" role="region" aria-label={label} tabIndex={0}>
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">{children}</table>
    </div>
  );
}

export const th = "whitespace-nowrap bg-gray-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-gray-600";
export const td = "px-3 py-2 align-top";

export function Badge({ tone, children }: { tone: "green" | "red" | "gray" | "amber" | "blue"; children: ReactNode }) {
  const tones = {
    green: "bg-green-100 text-green-800",
    red: "bg-red-100 text-red-800",
    gray: "bg-gray-100 text-gray-700",
    amber: "bg-amber-100 text-amber-900",
    blue: "bg-blue-100 text-blue-800",
  };
  return <span className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

export { buttonTones };

/** A one-button POST (verify, feature, reinstate ...), with the API's refusal shown under it. */
export function ActionButton({
  intent,
  id,
  label,
  tone = "neutral",
  result,
  fields,
}: {
  intent: string;
  id: string | number;
  label: string;
  tone?: keyof typeof buttonTones;
  result?: SubmissionResult<string[]>;
  fields?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === String(id);
  const errors = result?.error ? Object.values(result.error).flat() : [];
  return (
    <Form method="post" className="inline-block">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={String(id)} />
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={buttonTones[tone]} disabled={busy} data-testid={`${intent}-${id}`}>
        {label}
      </button>
      {errors.length ? <RowErrors errors={errors as string[]} /> : null}
    </Form>
  );
}

