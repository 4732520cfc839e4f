/**
 * A calculator's GET form read from the query (the result URL is the share link): every field is
 * checked with zod; a bad one gets a message next to it (calc.json `errors.<key>` with its values)
 * and what was typed stays in the field. Server side (the loader and the action): zod stays out of
 * the page's first view (docs/decisions/0013).
 */
import * as z from "zod";
import type { Calculator, FieldDef, Values } from "./types";

export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

export interface ParsedForm {
  /** Some field of the calculator is in the query: the shopper asked for a result. */
  submitted: boolean;
  /** What was typed, per field (echoed back into the form). */
  raw: Record<string, string>;
  values: Values;
  errors: Record<string, FieldError>;
  /** No errors: the result can be computed. */
  ok: boolean;
}

/** "1,000" and "2,5" as people type them: commas as thousands separators, a lone comma as a decimal point. */
function toNumber(s: string): number {
  const t = /^\d+,\d{1,2}$/.test(s) ? s.replace(",", ".") : s.replace(/,/g, "");
  return t === "" ? Number.NaN : Number(t);
}

function fieldSchema(f: FieldDef) {
  if (f.kind === "choice") return z.string().optional().transform((s) => (s !== undefined && f.options.includes(s) ? s : f.default));
  if (f.kind === "text") return z.string().optional().transform((s) => (s ?? "").trim().slice(0, f.max) || undefined);
  return z
    .string()
    .optional()
    .transform((input, ctx): number | undefined => {
      const s = (input ?? "").trim();
      if (s === "") {
        if (f.default !== undefined) return f.default;
        if (f.optional) return undefined;
        ctx.addIssue({ code: "custom", message: "required" });
        return z.NEVER;
      }
      const n = toNumber(s);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: "number" });
        return z.NEVER;
      }
      if (n < f.min) {
        ctx.addIssue({ code: "custom", message: "min" });
        return z.NEVER;
      }
      if (n > f.max) {
        ctx.addIssue({ code: "custom", message: "max" });
        return z.NEVER;
      }
      return n;
    });
}

/** Reads a calculator's fields from a query. */
export function parseCalculatorQuery(calc: Calculator, query: URLSearchParams): ParsedForm {
  const raw: Record<string, string> = {};
  let submitted = false;
  for (const f of calc.fields) {
    const v = query.get(f.name);
    if (v !== null) {
      submitted = true;
      raw[f.name] = v.slice(0, 100);
    }
  }
  const schema = z.object(Object.fromEntries(calc.fields.map((f) => [f.name, fieldSchema(f)])));
  const parsed = schema.safeParse(raw);
  const errors: Record<string, FieldError> = {};
  let values: Values = {};
  if (parsed.success) values = parsed.data as Values;
  else
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const f = calc.fields.find((x) => x.name === name);
      errors[name] ??= { key: issue.message, values: f && f.kind === "number" ? { min: f.min, max: f.max } : undefined };
    }
  if (parsed.success && calc.check) for (const [name, key] of Object.entries(calc.check(values))) errors[name] = { key };
  return { submitted, raw, values, errors, ok: submitted && Object.keys(errors).length === 0 };
}

/** The query of a result (the share link): the fields as typed, and the delivery state. */
export function resultQuery(calc: Calculator, raw: Record<string, string>, state: string | null): string {
  const q = new URLSearchParams();
  for (const f of calc.fields) if (raw[f.name] !== undefined && raw[f.name] !== "") q.set(f.name, raw[f.name]);
  if (state) q.set("state", state);
  return q.toString();
}
