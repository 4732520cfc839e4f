/**
 * A local stand-in for Paystack that speaks its HTTP API with the same JSON shapes
 * (docs/domain.md section 1), for development without keys and for tests:
 *
 *   POST /transaction/initialize      {email, amount (kobo), currency, reference, callback_url, metadata}
 *   GET  /transaction/verify/:ref     the transaction; unknown reference: 404
 *   POST /refund                      {transaction (reference or id), amount?}
 *   POST /charge                      {email, amount (kobo), reference, bank_transfer: {account_expires_at}}
 *                                     → {status: "pay_offline", display_text, reference, bank: {name, slug},
 *                                     account_name, account_number, account_expires_at}; or {…, ussd: {type:
 *                                     737|919|822|966}} → {status: "pay_offline", display_text, reference,
 *                                     ussd_code: "*737*000*1234#"}. Extra (stand-in only): `standin_page`, the
 *                                     tester's page below. Verify says "ongoing" until paid, "abandoned" after
 *                                     the account expires.
 *   GET  /offline/:reference          the tester's page for a transfer / USSD charge: "Send the exact
 *                                     amount", "Send ₦…" (a chosen, wrong amount), "Send after expiry" (the
 *                                     account expires; a late transfer goes back to the payer), "Dial"
 *                                     (USSD approved). Exact / dial: `success` and a signed charge.success.
 *                                     Wrong amount: verify says `failed` with `amount` = what was sent and
 *                                     `requested_amount` = what was asked (Paystack reverses it to the payer);
 *                                     no webhook. Late: verify says `abandoned` ("Account expired").
 *   GET  /checkout/:access_code       the hosted checkout page (plain HTML, works without JavaScript)
 *                                     with the amount, the email and three buttons: "Pay", "Decline"
 *                                     and "Cancel payment"
 *
 * "Pay" marks the transaction `success`, sends the shopper to `callback_url?trxref=R&reference=R`
 * and delivers a signed `charge.success` webhook; "Decline" leaves it `failed` and goes back to
 * the callback; "Cancel payment" leaves it `abandoned` and goes to `metadata.cancel_action`.
 * Refunds are queued (`refund.pending`), then processed (`refund.processed`), each a signed webhook.
 * Webhooks are retried on failure, like Paystack's. State lives in memory: it is a stand-in, never
 * used when a live key is configured.
 *
 * Transfers (vendor payouts, docs/payouts.md):
 *
 *   GET  /bank?country=nigeria        a fixed list of Nigerian banks (Paystack's bank shape)
 *   GET  /bank/resolve?account_number=&bank_code=
 *                                     FIXTURE RULE: a known bank code and exactly 10 digits resolve to
 *                                     the name "ADAEZE OKONKWO"; "0000000000" (or anything else) answers
 *                                     422 "Could not resolve account name. Check parameters or try again."
 *   POST /transferrecipient           {type: "nuban", name, account_number, bank_code, currency} → RCP_...
 *                                     (the same bank and account answer the same recipient)
 *   POST /transfer                    {source: "balance", amount, recipient, reference, reason} → status
 *                                     "pending"; after `transferDelayMs` a signed transfer.success webhook.
 *                                     FIXTURE RULE: it ends in transfer.failed when the amount ends in 13
 *                                     kobo (amount % 100 === 13) or the recipient's account number ends in
 *                                     "13". The same reference again answers the same transfer (one transfer).
 *   GET  /transfer/verify/:reference  the transfer; unknown reference: 404
 *
 * `reverseTransfer(reference)` (tests) turns a successful transfer into `reversed` and sends transfer.reversed.
 *
 * Disputes (issue 36 item 5): `openDispute(reference, {refundAmount?, category?})` raises a dispute on a
 * paid transaction as a customer's bank would and sends the signed `charge.dispute.create` webhook with
 * Paystack's dispute object ({id, refund_amount, currency, status: "awaiting-merchant-feedback",
 * resolution: null, category, due_at, transaction: {id, reference, amount, ...}}); `remindDispute(id)`
 * sends `charge.dispute.remind`; `resolveDispute(id, "merchant-accepted" | "declined")` sends
 * `charge.dispute.resolve`. `GET /dispute/:id` answers the dispute.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { formatKobo } from "~/domain/money";
import type { RefundData, TransactionStatus, VerifyData } from "./client.server";
import { signWebhook } from "./signature.server";

export interface StandinOptions {
  port?: number;
  host?: string;
  secretKey?: string;
  /** Where webhooks go (our POST /api/v1/webhooks/paystack). Settable later with setWebhookUrl. */
  webhookUrl?: string;
  /** Waits between webhook delivery attempts; the first attempt is immediate. */
  retryDelaysMs?: number[];
  /** How long a refund stays `pending` before it is `processed`. */
  refundDelayMs?: number;
  /** How long a transfer stays `pending` before its outcome (and webhook). */
  transferDelayMs?: number;
}

interface Recipient {
  id: number;
  recipient_code: string;
  name: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
  currency: string;
  created_at: string;
}

interface Transfer {
  id: number;
  reference: string;
  transfer_code: string;
  amount: number;
  currency: string;
  reason: string | null;
  recipient: Recipient;
  status: "pending" | "success" | "failed" | "reversed";
  failure: string | null;
  created_at: string;
  transferred_at: string | null;
}

/** The stand-in's banks (real Nigerian bank codes). */
export const STANDIN_BANKS: { name: string; code: string; slug: string }[] = [
  { name: "Access Bank", code: "044", slug: "access-bank" },
  { name: "Ecobank Nigeria", code: "050", slug: "ecobank-nigeria" },
  { name: "Fidelity Bank", code: "070", slug: "fidelity-bank" },
  { name: "First Bank of Nigeria", code: "011", slug: "first-bank-of-nigeria" },
  { name: "First City Monument Bank", code: "214", slug: "first-city-monument-bank" },
  { name: "Guaranty Trust Bank", code: "058", slug: "guaranty-trust-bank" },
  { name: "Kuda Bank", code: "50211", slug: "kuda-bank" },
  { name: "Moniepoint MFB", code: "50515", slug: "moniepoint-mfb-ng" },
  { name: "OPay Digital Services Limited (OPay)", code: "999992", slug: "paycom" },
  { name: "Polaris Bank", code: "076", slug: "polaris-bank" },
  { name: "Stanbic IBTC Bank", code: "221", slug: "stanbic-ibtc-bank" },
  { name: "Sterling Bank", code: "232", slug: "sterling-bank" },
  { name: "Union Bank of Nigeria", code: "032", slug: "union-bank-of-nigeria" },
  { name: "United Bank For Africa", code: "033", slug: "united-bank-for-africa" },
  { name: "Wema Bank", code: "035", slug: "wema-bank" },
  { name: "Zenith Bank", code: "057", slug: "zenith-bank" },
];
/** The name every resolvable stand-in account has. */
export const STANDIN_ACCOUNT_NAME = "ADAEZE OKONKWO";
const TRANSFER_REFERENCE_RE = /^[a-z0-9_-]{16,50}$/;

interface Tx {
  id: number;
  /** POST /charge only: how it is paid away from a card form. */
  offline?: { kind: "bank_transfer" | "ussd"; account_number?: string; ussd_code?: string; expires_at: string; requested: number | null };
  reference: string;
  access_code: string;
  email: string;
  amount: number;
  currency: string;
  callback_url: string | null;
  metadata: Record<string, unknown> | null;
  status: TransactionStatus;
  paid_at: string | null;
  gateway_response: string | null;
  channel: string | null;
  refunded: number;
  created_at: string;
}

interface Dispute {
  id: number;
  refund_amount: number;
  currency: string;
  status: string;
  resolution: string | null;
  category: string;
  due_at: string;
  reference: string;
  created_at: string;
}

export interface WebhookDelivery {
  event: string;
  body: string;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
}

export interface PaystackStandin {
  url: string;
  secretKey: string;
  setWebhookUrl(url: string | undefined): void;
  /** Every webhook sent so far, oldest first (tests read it). */
  deliveries: WebhookDelivery[];
  /** Resolves when no webhook delivery is in flight or waiting to be retried. */
  idle(): Promise<void>;
  transaction(reference: string): Readonly<Tx> | undefined;
  /** Every transfer made so far (one per reference). */
  transfers(): Readonly<Transfer>[];
  /** Reverses a successful transfer and sends transfer.reversed (tests). */
  reverseTransfer(reference: string): boolean;
  /** Raises a dispute on a paid transaction and sends charge.dispute.create; the dispute's id (null: no such paid transaction). */
  openDispute(reference: string, opts?: { refundAmount?: number; category?: string }): number | null;
  /** Sends charge.dispute.remind for dispute `id`. */
  remindDispute(id: number): boolean;
  /** Resolves dispute `id` and sends charge.dispute.resolve. */
  resolveDispute(id: number, resolution: "merchant-accepted" | "declined"): boolean;
  close(): Promise<void>;
}

const REFERENCE_RE = /^[A-Za-z0-9.=-]{1,100}$/;

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

const fail = (res: http.ServerResponse, status: number, message: string) => send(res, status, { status: false, message });

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 1_000_000) throw new Error("body too large");
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export async function startPaystackStandin(opts: StandinOptions = {}): Promise<PaystackStandin> {
  const secretKey = opts.secretKey ?? `sk_test_standin_${crypto.randomBytes(8).toString("hex")}`;
  const retryDelays = opts.retryDelaysMs ?? [1_000, 5_000, 30_000, 60_000];
  const refundDelay = opts.refundDelayMs ?? 200;
  const transferDelay = opts.transferDelayMs ?? 200;
  const recipients = new Map<string, Recipient>();
  const transfers = new Map<string, Transfer>();
  let webhookUrl = opts.webhookUrl;
  const byRef = new Map<string, Tx>();
  const byCode = new Map<string, Tx>();
  const refunds: RefundData[] = [];
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 1_000_001;
  const disputes = new Map<number, Dispute>();
  let accountSeq = crypto.randomInt(1_000_000);
  let base = "";

  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function verifyData(tx: Tx): VerifyData {
    // An unpaid transfer / USSD charge is "ongoing" until its account or code expires.
    if (tx.offline && tx.status === "ongoing" && Date.parse(tx.offline.expires_at) <= Date.now()) {
      tx.status = "abandoned";
      tx.gateway_response = "Account expired";
    }
    return {
      ...(tx.offline?.requested != null ? { requested_amount: tx.offline.requested } : {}),
      id: tx.id,
      status: tx.status,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      paid_at: tx.paid_at,
      channel: tx.channel,
      gateway_response: tx.gateway_response,
      customer: { email: tx.email, customer_code: `CUS_${crypto.createHash("sha1").update(tx.email).digest("hex").slice(0, 12)}` },
      metadata: tx.metadata,
    };
  }

  /** Paystack's dispute object (PaystackOSS/openapi DisputeFetchResponse), with its transaction. */
  function disputeData(d: Dispute) {
    const tx = byRef.get(d.reference)!;
    return {
      id: d.id,
      refund_amount: d.refund_amount,
      currency: d.currency,
      status: d.status,
      resolution: d.resolution,
      domain: "test",
      category: d.category,
      due_at: d.due_at,
      createdAt: d.created_at,
      transaction: { id: tx.id, domain: "test", status: tx.status, reference: tx.reference, amount: tx.amount, currency: tx.currency, paid_at: tx.paid_at, channel: tx.channel },
      customer: { email: tx.email },
    };
  }

  /** Sends one signed event, retrying on failure; never throws. */
  function deliver(event: string, data: unknown) {
    const body = JSON.stringify({ event, data });
    const record: WebhookDelivery = { event, body, attempts: 0, delivered: false, lastStatus: null };
    deliveries.push(record);
    const job = (async () => {
      for (let i = 0; i <= retryDelays.length; i++) {
        if (i > 0) await later(retryDelays[i - 1]);
        if (!webhookUrl || closed) return;
        record.attempts++;
        try {
          const r = await fetch(webhookUrl, {
            method: "POST",
            headers: { "Content-Type": "application/json", "x-paystack-signature": signWebhook(body, secretKey) },
            body,
            signal: AbortSignal.timeout(30_000),
          });
          record.lastStatus = r.status;
          await r.arrayBuffer().catch(() => null);
          if (r.status === 200) {
            record.delivered = true;
            return;
          }
        } catch {
          record.lastStatus = null;
        }
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  async function initialize(req: http.IncomingMessage, res: http.ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}");
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    const email = typeof body.email === "string" ? body.email.trim() : "";
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return fail(res, 400, "Invalid Email Address Passed");
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return fail(res, 400, "Invalid Amount Sent");
    const currency = typeof body.currency === "string" ? body.currency.toUpperCase() : "NGN";
    if (currency !== "NGN") return fail(res, 400, "Currency not supported by merchant");
    const reference = typeof body.reference === "string" && body.reference ? body.reference : `T${crypto.randomBytes(8).toString("hex")}`;
    if (!REFERENCE_RE.test(reference)) return fail(res, 400, "Invalid transaction reference");
    if (byRef.has(reference)) return fail(res, 400, "Duplicate Transaction Reference");
    let metadata: Record<string, unknown> | null = null;
    if (typeof body.metadata === "string") {
      try {
        metadata = JSON.parse(body.metadata);
      } catch {
        return fail(res, 400, "Invalid metadata");
      }
    } else if (body.metadata && typeof body.metadata === "object") metadata = body.metadata as Record<string, unknown>;
    const tx: Tx = {
      id: nextId++,
      reference,
      access_code: crypto.randomBytes(9).toString("base64url"),
      email,
      amount,
      currency,
      callback_url: typeof body.callback_url === "string" ? body.callback_url : null,
      metadata,
      status: "abandoned", // what Paystack's verify says of a transaction nobody has paid yet
      paid_at: null,
      gateway_response: null,
      channel: null,
      refunded: 0,
      created_at: new Date().toISOString(),
    };
    byRef.set(reference, tx);
    byCode.set(tx.access_code, tx);
    send(res, 200, {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: `${base}/checkout/${tx.access_code}`, access_code: tx.access_code, reference },
    });
  }

  const USSD_PREFIX: Record<string, string> = { "737": "*737*000*", "919": "*919*000*", "822": "*822*000*", "966": "*966*000*" };
  const USSD_BANK: Record<string, string> = { "737": "Guaranty Trust Bank", "919": "United Bank For Africa", "822": "Sterling Bank", "966": "Zenith Bank" };

  async function charge(req: http.IncomingMessage, res: http.ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}");
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    const email = typeof body.email === "string" ? body.email.trim() : "";
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return fail(res, 400, "Invalid Email Address Passed");
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return fail(res, 400, "Invalid Amount Sent");
    const reference = typeof body.reference === "string" && body.reference ? body.reference : `T${crypto.randomBytes(8).toString("hex")}`;
    if (!REFERENCE_RE.test(reference)) return fail(res, 400, "Invalid transaction reference");
    if (byRef.has(reference)) return fail(res, 400, "Duplicate Transaction Reference");
    const bt = body.bank_transfer as { account_expires_at?: unknown } | undefined;
    const ussd = body.ussd as { type?: unknown } | undefined;
    if (!!bt === !!ussd) return fail(res, 400, "Please provide one of bank_transfer or ussd");
    let expires = new Date(Date.now() + 30 * 60_000).toISOString();
    if (bt && typeof bt.account_expires_at === "string") {
      const at = Date.parse(bt.account_expires_at);
      if (!Number.isFinite(at) || at <= Date.now()) return fail(res, 400, "account_expires_at must be in the future");
      expires = new Date(at).toISOString();
    }
    const ussdType = ussd ? String(ussd.type ?? "") : "";
    if (ussd && !USSD_PREFIX[ussdType]) return fail(res, 400, "Invalid USSD type");
    const tx: Tx = {
      id: nextId++,
      reference,
      access_code: crypto.randomBytes(9).toString("base64url"),
      email,
      amount,
      currency: "NGN",
      callback_url: null,
      metadata: body.metadata && typeof body.metadata === "object" ? (body.metadata as Record<string, unknown>) : null,
      status: "ongoing",
      paid_at: null,
      gateway_response: null,
      channel: bt ? "bank_transfer" : "ussd",
      refunded: 0,
      created_at: new Date().toISOString(),
      offline: bt
        ? { kind: "bank_transfer", account_number: String(9_900_000_000 + (accountSeq++ % 99_999_999)).slice(0, 10), expires_at: expires, requested: null }
        : { kind: "ussd", ussd_code: `${USSD_PREFIX[ussdType]}${String(1000 + (accountSeq++ % 9000))}#`, expires_at: expires, requested: null },
    };
    byRef.set(reference, tx);
    byCode.set(tx.access_code, tx);
    const standin_page = `${base}/offline/${encodeURIComponent(reference)}`;
    const data = bt
      ? {
          status: "pay_offline",
          display_text: "Please make a transfer to the account specified",
          reference,
          bank: { name: "Paystack-Titan", slug: "paystack-titan", id: 1 },
          account_name: "PAYSTACK CHECKOUT",
          account_number: tx.offline!.account_number,
          account_expires_at: expires,
          standin_page,
        }
      : {
          status: "pay_offline",
          display_text: `Please dial ${tx.offline!.ussd_code} on your mobile phone to complete the transaction (${USSD_BANK[ussdType]})`,
          reference,
          ussd_code: tx.offline!.ussd_code,
          standin_page,
        };
    send(res, 200, { status: true, message: "Charge attempted", data });
  }

  function offlinePage(tx: Tx, res: http.ServerResponse, note = "") {
    const o = tx.offline!;
    const open = tx.status === "ongoing" && Date.parse(o.expires_at) > Date.now();
    const action = (what: string) => `${base}/offline/${encodeURIComponent(tx.reference)}/${what}`;
    const buttons =
      o.kind === "ussd"
        ? `<form method="post" action="${escapeHtml(action("exact"))}"><button class="pay" type="submit">Dial ${escapeHtml(o.ussd_code!)} and approve</button></form>`
        : `<form method="post" action="${escapeHtml(action("exact"))}"><button class="pay" type="submit">Send the exact amount</button></form>
<form method="post" action="${escapeHtml(action("short"))}"><label>Amount to send (naira) <input name="naira" inputmode="numeric" value="${Math.max(1, Math.floor(tx.amount / 200))}"></label><button type="submit">Send this amount</button></form>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack (local stand-in) — ${o.kind === "ussd" ? "USSD" : "bank transfer"}</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}button{width:100%;padding:.75rem;margin:.4rem 0;font-size:1rem}button.pay{background:#0ba4db;color:#fff}</style></head>
<body><main><p>Local Paystack stand-in (test mode): play the shopper's bank.</p>
<h1>${escapeHtml(o.kind === "ussd" ? o.ussd_code! : `Account ${o.account_number}`)}: <span data-testid="amount">${escapeHtml(formatKobo(tx.amount))}</span></h1>
${note ? `<p data-testid="note">${escapeHtml(note)}</p>` : ""}
<p data-testid="state">This charge is ${escapeHtml(tx.status)}.</p>
${open ? `${buttons}<form method="post" action="${escapeHtml(action("late"))}"><button type="submit">Let it expire (a late transfer goes back)</button></form>` : ""}
</main></body></html>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  }

  function offlineAction(tx: Tx, what: string, form: URLSearchParams, res: http.ServerResponse) {
    const o = tx.offline!;
    const open = tx.status === "ongoing" && Date.parse(o.expires_at) > Date.now();
    let note = "";
    if (!open) note = "Too late: the money goes back to the payer.";
    else if (what === "exact") {
      tx.status = "success";
      tx.paid_at = new Date().toISOString();
      tx.gateway_response = "Approved";
      deliver("charge.success", verifyData(tx));
      note = "Sent.";
    } else if (what === "short") {
      const kobo = Math.round(Number(form.get("naira")) * 100);
      if (!Number.isInteger(kobo) || kobo <= 0 || kobo === tx.amount) note = "Enter another amount than the one asked.";
      else {
        o.requested = tx.amount;
        tx.amount = kobo;
        tx.status = "failed";
        tx.gateway_response = "Amount mismatch: the transfer is reversed to the sender";
        note = `Sent ${formatKobo(kobo)}: not the amount asked, it goes back to the payer.`;
      }
    } else if (what === "late") {
      o.expires_at = new Date(Date.now() - 1000).toISOString();
      tx.status = "abandoned";
      tx.gateway_response = "Account expired";
      note = "The account expired; a transfer now goes back to the payer.";
    }
    offlinePage(tx, res, note);
  }

  function refund(raw: string, res: http.ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || "{}");
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    const key = String(body.transaction ?? "");
    const tx = byRef.get(key) ?? [...byRef.values()].find((t) => String(t.id) === key);
    if (!tx) return fail(res, 404, "Transaction not found");
    if (tx.status !== "success") return fail(res, 400, "Transaction has not been paid");
    const remaining = tx.amount - tx.refunded;
    const amount = body.amount === undefined || body.amount === null ? remaining : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return fail(res, 400, "Invalid refund amount");
    if (amount > remaining) return fail(res, 400, "Refund amount cannot be more than the unrefunded balance");
    tx.refunded += amount;
    const data: RefundData = {
      id: refunds.length + 1,
      status: "pending",
      amount,
      currency: tx.currency,
      transaction: { id: tx.id, reference: tx.reference, amount: tx.amount },
    };
    refunds.push(data);
    deliver("refund.pending", { ...data, transaction_reference: tx.reference });
    const job = later(refundDelay).then(() => {
      if (closed) return;
      data.status = "processed";
      if (tx.refunded >= tx.amount) tx.status = "reversed";
      deliver("refund.processed", { ...data, transaction_reference: tx.reference });
    });
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
    send(res, 200, { status: true, message: "Refund has been queued for processing", data });
  }

  const bankData = (b: (typeof STANDIN_BANKS)[number], i: number) => ({
    id: i + 1,
    name: b.name,
    slug: b.slug,
    code: b.code,
    longcode: "",
    gateway: null,
    pay_with_bank: false,
    active: true,
    country: "Nigeria",
    currency: "NGN",
    type: "nuban",
    is_deleted: false,
    createdAt: "2016-07-14T10:04:29.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
  });

  const resolvable = (accountNumber: string, bankCode: string) =>
    STANDIN_BANKS.some((b) => b.code === bankCode) && /^\d{10}$/.test(accountNumber) && accountNumber !== "0000000000";

  function resolve(url: URL, res: http.ServerResponse) {
    const accountNumber = url.searchParams.get("account_number") ?? "";
    const bankCode = url.searchParams.get("bank_code") ?? "";
    if (!resolvable(accountNumber, bankCode)) return fail(res, 422, "Could not resolve account name. Check parameters or try again.");
    const bankId = STANDIN_BANKS.findIndex((b) => b.code === bankCode) + 1;
    send(res, 200, { status: true, message: "Account number resolved", data: { account_number: accountNumber, account_name: STANDIN_ACCOUNT_NAME, bank_id: bankId } });
  }

  const recipientData = (r: Recipient) => ({
    active: true,
    createdAt: r.created_at,
    currency: r.currency,
    domain: "test",
    id: r.id,
    integration: 100001,
    name: r.name,
    recipient_code: r.recipient_code,
    type: "nuban",
    updatedAt: r.created_at,
    is_deleted: false,
    details: { authorization_code: null, account_number: r.account_number, account_name: r.account_name, bank_code: r.bank_code, bank_name: r.bank_name },
  });

  function createRecipient(raw: string, res: http.ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || "{}");
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    if (body.type !== "nuban") return fail(res, 400, "Invalid recipient type");
    const accountNumber = String(body.account_number ?? "");
    const bankCode = String(body.bank_code ?? "");
    const name = typeof body.name === "string" ? body.name.trim() : "";
    if (!name) return fail(res, 400, "Name is required");
    if (String(body.currency ?? "NGN").toUpperCase() !== "NGN") return fail(res, 400, "Currency not supported");
    if (!resolvable(accountNumber, bankCode)) return fail(res, 422, "Cannot resolve account");
    const key = `${bankCode}:${accountNumber}`;
    let r = recipients.get(key);
    if (!r) {
      r = {
        id: nextId++,
        recipient_code: `RCP_${crypto.createHash("sha1").update(key).digest("hex").slice(0, 15)}`,
        name,
        account_number: accountNumber,
        account_name: STANDIN_ACCOUNT_NAME,
        bank_code: bankCode,
        bank_name: STANDIN_BANKS.find((b) => b.code === bankCode)!.name,
        currency: "NGN",
        created_at: new Date().toISOString(),
      };
      recipients.set(key, r);
      return send(res, 201, { status: true, message: "Transfer recipient created successfully", data: recipientData(r) });
    }
    send(res, 200, { status: true, message: "Transfer recipient created successfully", data: recipientData(r) });
  }

  const transferData = (t: Transfer) => ({
    amount: t.amount,
    createdAt: t.created_at,
    currency: t.currency,
    domain: "test",
    failures: t.failure ? { reason: t.failure } : null,
    id: t.id,
    integration: 100001,
    reason: t.reason,
    reference: t.reference,
    source: "balance",
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transfer_code,
    transferred_at: t.transferred_at,
    updatedAt: t.transferred_at ?? t.created_at,
    recipient: {
      ...recipientData(t.recipient),
    },
  });

  function transfer(raw: string, res: http.ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || "{}");
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    if (body.source !== "balance") return fail(res, 400, "Invalid transfer source");
    const reference = typeof body.reference === "string" ? body.reference : "";
    if (!TRANSFER_REFERENCE_RE.test(reference)) return fail(res, 400, "Invalid transfer reference");
    const existing = transfers.get(reference);
    if (existing) return send(res, 200, { status: true, message: "Transfer has been queued", data: { ...transferData(existing), recipient: existing.recipient.id } });
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100) return fail(res, 400, "Invalid amount");
    const recipient = [...recipients.values()].find((r) => r.recipient_code === body.recipient);
    if (!recipient) return fail(res, 404, "Recipient specified is invalid");
    const t: Transfer = {
      id: nextId++,
      reference,
      transfer_code: `TRF_${crypto.randomBytes(8).toString("hex")}`,
      amount,
      currency: "NGN",
      reason: typeof body.reason === "string" ? body.reason : null,
      recipient,
      status: "pending",
      failure: null,
      created_at: new Date().toISOString(),
      transferred_at: null,
    };
    transfers.set(reference, t);
    const job = later(transferDelay).then(() => {
      if (closed || t.status !== "pending") return;
      if (amount % 100 === 13 || recipient.account_number.endsWith("13")) {
        t.status = "failed";
        t.failure = "Could not credit the beneficiary account (stand-in failing rule)";
        deliver("transfer.failed", transferData(t));
      } else {
        t.status = "success";
        t.transferred_at = new Date().toISOString();
        deliver("transfer.success", transferData(t));
      }
    });
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
    send(res, 200, { status: true, message: "Transfer has been queued", data: { ...transferData(t), recipient: recipient.id } });
  }

  function checkoutPage(tx: Tx, res: http.ServerResponse) {
    const done = tx.status !== "abandoned" || tx.gateway_response !== null;
    const action = (what: string) => `${base}/checkout/${tx.access_code}/${what}`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack (local stand-in) — pay ${escapeHtml(formatKobo(tx.amount))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem;color:#111;overflow-wrap:anywhere}
.card{border:1px solid #ddd;border-radius:.5rem;padding:1rem}button{width:100%;padding:.75rem;margin:.4rem 0;font-size:1rem;border-radius:.4rem;border:1px solid #888;background:#fff}
button.pay{background:#0ba4db;color:#fff;border-color:#0ba4db}.note{color:#555;font-size:.85rem}</style></head>
<body><main class="card"><p class="note">Local Paystack stand-in (test mode)</p>
<h1>Pay <span data-testid="amount">${escapeHtml(formatKobo(tx.amount))}</span></h1>
<p data-testid="email">${escapeHtml(tx.email)}</p>
${
  done
    ? `<p data-testid="state">This payment is ${escapeHtml(tx.status)}.</p>`
    : `<form method="post" action="${escapeHtml(action("pay"))}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action("decline"))}"><button type="submit">Decline</button></form>
<form method="post" action="${escapeHtml(action("cancel"))}"><button type="submit">Cancel payment</button></form>`
}
</main></body></html>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  }

  function checkoutAction(tx: Tx, what: string, res: http.ServerResponse) {
    const back = tx.callback_url ? withQuery(tx.callback_url, { trxref: tx.reference, reference: tx.reference }) : null;
    const redirect = (to: string | null) => {
      if (!to) {
        res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`Payment ${tx.status}.`);
        return;
      }
      res.writeHead(302, { Location: to });
      res.end();
    };
    if (tx.status !== "abandoned" || tx.gateway_response !== null) return redirect(back);
    if (what === "pay") {
      tx.status = "success";
      tx.paid_at = new Date().toISOString();
      tx.gateway_response = "Successful";
      tx.channel = "card";
      deliver("charge.success", verifyData(tx));
      return redirect(back);
    }
    if (what === "decline") {
      tx.status = "failed";
      tx.gateway_response = "Declined";
      tx.channel = "card";
      return redirect(back);
    }
    // cancel: Paystack leaves the transaction abandoned and follows metadata.cancel_action.
    tx.gateway_response = "Cancelled by the customer";
    const cancelTo = typeof tx.metadata?.cancel_action === "string" ? (tx.metadata.cancel_action as string) : null;
    return redirect(cancelTo ?? back);
  }

  let closed = false;
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://standin");
      const path = url.pathname.replace(/\/+$/, "") || "/";
      const page = /^\/checkout\/([A-Za-z0-9_-]+)(?:\/(pay|decline|cancel))?$/.exec(path);
      const off = /^\/offline\/([A-Za-z0-9.=-]+)(?:\/(exact|short|late))?$/.exec(path);
      if (off) {
        const tx = byRef.get(off[1]);
        if (!tx?.offline) return fail(res, 404, "Transaction not found");
        if (!off[2] && req.method === "GET") return offlinePage(tx, res);
        if (off[2] && req.method === "POST") return offlineAction(tx, off[2], new URLSearchParams(await readBody(req)), res);
        return fail(res, 405, "Method not allowed");
      }
      if (page) {
        const tx = byCode.get(page[1]);
        if (!tx) return fail(res, 404, "Transaction not found");
        if (!page[2] && req.method === "GET") return checkoutPage(tx, res);
        if (page[2] && req.method === "POST") {
          await readBody(req);
          return checkoutAction(tx, page[2], res);
        }
        return fail(res, 405, "Method not allowed");
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(res, 401, "Invalid key");
      if (req.method === "POST" && path === "/transaction/initialize") return await initialize(req, res);
      if (req.method === "POST" && path === "/charge") return await charge(req, res);
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
      if (req.method === "GET" && verify) {
        const tx = byRef.get(decodeURIComponent(verify[1]));
        if (!tx) return fail(res, 404, "Transaction reference not found");
        return send(res, 200, { status: true, message: "Verification successful", data: verifyData(tx) });
      }
      if (req.method === "POST" && path === "/refund") return refund(await readBody(req), res);
      if (req.method === "GET" && path === "/bank") return send(res, 200, { status: true, message: "Banks retrieved", data: STANDIN_BANKS.map(bankData) });
      if (req.method === "GET" && path === "/bank/resolve") return resolve(url, res);
      if (req.method === "POST" && path === "/transferrecipient") return createRecipient(await readBody(req), res);
      if (req.method === "POST" && path === "/transfer") return transfer(await readBody(req), res);
      const dispute = /^\/dispute\/(\d+)$/.exec(path);
      if (req.method === "GET" && dispute) {
        const d = disputes.get(Number(dispute[1]));
        if (!d) return fail(res, 404, "Dispute not found");
        return send(res, 200, { status: true, message: "Dispute retrieved", data: disputeData(d) });
      }
      const tverify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
      if (req.method === "GET" && tverify) {
        const t = transfers.get(decodeURIComponent(tverify[1]));
        if (!t) return fail(res, 404, "Transfer not found");
        return send(res, 200, { status: true, message: "Transfer retrieved", data: transferData(t) });
      }
      return fail(res, 404, "Not found");
    } catch (e) {
      if (!res.headersSent) fail(res, 400, (e as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const addr = server.address() as AddressInfo;
  base = `http://${opts.host ?? "127.0.0.1"}:${addr.port}`;

  return {
    url: base,
    secretKey,
    deliveries,
    setWebhookUrl(u) {
      webhookUrl = u;
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled(inFlight);
    },
    transaction: (reference) => byRef.get(reference),
    transfers: () => [...transfers.values()],
    openDispute(reference, o = {}) {
      const tx = byRef.get(reference);
      if (!tx || tx.status !== "success") return null;
      const d: Dispute = {
        id: nextId++,
        refund_amount: o.refundAmount ?? tx.amount,
        currency: tx.currency,
        status: "awaiting-merchant-feedback",
        resolution: null,
        category: o.category ?? "chargeback",
        due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        reference,
        created_at: new Date().toISOString(),
      };
      disputes.set(d.id, d);
      deliver("charge.dispute.create", disputeData(d));
      return d.id;
    },
    remindDispute(id) {
      const d = disputes.get(id);
      if (!d || d.resolution) return false;
      d.due_at = new Date(Date.parse(d.due_at) + 1).toISOString(); // each reminder its own moment
      deliver("charge.dispute.remind", disputeData(d));
      return true;
    },
    resolveDispute(id, resolution) {
      const d = disputes.get(id);
      if (!d || d.resolution) return false;
      d.resolution = resolution;
      d.status = "resolved";
      deliver("charge.dispute.resolve", disputeData(d));
      return true;
    },
    reverseTransfer(reference) {
      const t = transfers.get(reference);
      if (!t || t.status !== "success") return false;
      t.status = "reversed";
      t.failure = "Reversed by the beneficiary bank";
      deliver("transfer.reversed", transferData(t));
      return true;
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
