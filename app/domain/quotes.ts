/** Bulk quotes' request schemas (the rules and messages are ./quote-rules.ts, re-exported). */
import * as z from "zod";
import { lgaField, lgaInStateCheck, alwaysCheck } from "./addresses";
import { guestCheckoutFields } from "./orders";
import {
  lagosToday,
  QUOTE_DATE_MAX_DAYS,
  QUOTE_DEFAULT_VALID_HOURS,
  QUOTE_LINES_MAX,
  QUOTE_MESSAGES,
  QUOTE_NOTE_MAX,
  QUOTE_REASON_MAX,
  QUOTE_VALID_HOURS_MAX,
  QUOTE_VALID_HOURS_MIN,
} from "./quote-rules";
import { optionalText, text, TEXT_MAX } from "./text";

export * from "./quote-rules";

/** A date from today (Lagos) up to QUOTE_DATE_MAX_DAYS ahead, as YYYY-MM-DD. */
const dayField = () =>
  z
    .string({ error: QUOTE_MESSAGES.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, QUOTE_MESSAGES.date)
    .superRefine((v, c) => {
      const d = new Date(`${v}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v || v < lagosToday()) {
        c.addIssue({ code: "custom", message: QUOTE_MESSAGES.date });
        return;
      }
      const far = new Date(`${lagosToday()}T00:00:00Z`);
      far.setUTCDate(far.getUTCDate() + QUOTE_DATE_MAX_DAYS);
      if (d > far) c.addIssue({ code: "custom", message: QUOTE_MESSAGES.dateFar });
    });

/** A positive quantity as typed ("500", "12.5"); the product's own rule (minimum, step) is the API's. */
const quantityField = () =>
  z.union([z.string(), z.number()], { error: QUOTE_MESSAGES.quantity }).transform((v, c) => {
    const n = typeof v === "number" ? v : Number(String(v).replace(/[,\s]/g, ""));
    if (!Number.isFinite(n) || n <= 0 || n > 100_000 || (typeof v === "string" && v.trim() === "")) {
      c.addIssue({ code: "custom", message: QUOTE_MESSAGES.quantity });
      return z.NEVER;
    }
    return n;
  });

/** An amount in naira as typed ("1500", "1,500.50"), to kobo; `allowZero` for a delivery charge. */
const nairaKobo = (message: string, allowZero = false) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, c) => {
    const s = typeof v === "number" ? String(v) : v.replace(/[,\s₦]/g, "");
    const n = Number(s);
    if (s === "" || !Number.isFinite(n) || n < 0 || (!allowZero && n === 0) || n > 1e10 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
      c.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Math.round(n * 100);
  });

const idField = () => z.coerce.number({ error: QUOTE_MESSAGES.product }).int(QUOTE_MESSAGES.product).min(1, QUOTE_MESSAGES.product).max(2_147_483_647, QUOTE_MESSAGES.product);

/** POST /quotes/: what the buyer asks (one quote per store of the lines). */
export const QuoteRequestSchema = /* @__PURE__ */ (() =>
  z
    .object({
      lines: z
        .array(
          z.object({
            product_id: idField(),
            option_id: z
              .union([idField(), z.literal(""), z.null()])
              .optional()
              .transform((v) => (typeof v === "number" ? v : null)),
            quantity: quantityField(),
          }),
          { error: QUOTE_MESSAGES.lines },
        )
        .min(1, QUOTE_MESSAGES.lines)
        .max(QUOTE_LINES_MAX, QUOTE_MESSAGES.linesMax),
      receiver_first_name: guestCheckoutFields.receiver_first_name,
      receiver_last_name: guestCheckoutFields.receiver_last_name,
      receiver_phone_one: guestCheckoutFields.receiver_phone_one,
      company_name: optionalText(TEXT_MAX.name),
      street_address: guestCheckoutFields.street_address,
      city: guestCheckoutFields.city,
      state: guestCheckoutFields.state,
      lga: lgaField.refine((v) => v !== null, QUOTE_MESSAGES.lga),
      wanted_date: dayField(),
      note: optionalText(QUOTE_NOTE_MAX, { maxMessage: QUOTE_MESSAGES.note }),
    })
    .superRefine(lgaInStateCheck, alwaysCheck))();
export type QuoteRequestBody = z.output<typeof QuoteRequestSchema>;

/** POST /stores/{storeId}/quotes/{quoteId}/offer/: a price per line, delivery, its date, how long it holds. */
export const QuoteOfferSchema = /* @__PURE__ */ (() =>
  z.object({
    lines: z
      .array(
        z.object({
          quote_line_id: idField(),
          unit_price: nairaKobo(QUOTE_MESSAGES.price),
          reason: optionalText(QUOTE_REASON_MAX),
        }),
        { error: QUOTE_MESSAGES.priceMissing },
      )
      .min(1, QUOTE_MESSAGES.priceMissing)
      .max(QUOTE_LINES_MAX, QUOTE_MESSAGES.priceMissing),
    delivery: nairaKobo(QUOTE_MESSAGES.delivery, true),
    delivery_date: dayField(),
    valid_hours: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v, c) => {
        if (v === undefined || v === "") return QUOTE_DEFAULT_VALID_HOURS;
        const n = Number(v);
        if (!Number.isInteger(n) || n < QUOTE_VALID_HOURS_MIN || n > QUOTE_VALID_HOURS_MAX) {
          c.addIssue({ code: "custom", message: QUOTE_MESSAGES.validHours });
          return z.NEVER;
        }
        return n;
      }),
    note: optionalText(QUOTE_NOTE_MAX, { maxMessage: QUOTE_MESSAGES.note }),
  }))();
export type QuoteOfferBody = z.output<typeof QuoteOfferSchema>;

/** A decline (the store's, required reason; the buyer's, optional). */
export const QuoteDeclineSchema = /* @__PURE__ */ (() => z.object({ reason: text(QUOTE_NOTE_MAX, { required: QUOTE_MESSAGES.reason, maxMessage: QUOTE_MESSAGES.note }) }))();
export const QuoteBuyerDeclineSchema = /* @__PURE__ */ (() => z.object({ reason: optionalText(QUOTE_NOTE_MAX, { maxMessage: QUOTE_MESSAGES.note }) }))();
/** The buyer's one counter: a note of what they want. */
export const QuoteCounterSchema = /* @__PURE__ */ (() => z.object({ note: text(QUOTE_NOTE_MAX, { required: QUOTE_MESSAGES.counterNote, maxMessage: QUOTE_MESSAGES.note }) }))();

/** PUT /stores/{storeId}/tax/: the store's VAT registration, shown on its invoices. */
export const StoreTaxSchema = /* @__PURE__ */ (() =>
  z
    .object({
      vat_registered: z
        .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
        .optional()
        .transform((v) => v === true || v === "on" || v === "true"),
      tin: optionalText(40),
    })
    .superRefine((v, c) => {
      if (v.vat_registered && !(v.tin ?? "").trim()) c.addIssue({ code: "custom", path: ["tin"], message: QUOTE_MESSAGES.tin });
    }))();
export type StoreTaxBody = z.output<typeof StoreTaxSchema>;
