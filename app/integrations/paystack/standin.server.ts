/**
 * A local stand-in for Paystack that speaks its HTTP API with the same JSON shapes
 * (../shared/notes/domain.md section 1), for development without keys and for tests:
 *
 *   POST /transaction/initialize      {email, amount (kobo), currency, reference, callback_url, metadata}
 *   GET  /transaction/verify/:ref     the transaction; unknown reference: 404
 *   POST /refund                      {transaction (reference or id), amount?}
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
}

interface Tx {
  id: number;
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
  let webhookUrl = opts.webhookUrl;
  const byRef = new Map<string, Tx>();
  const byCode = new Map<string, Tx>();
  const refunds: RefundData[] = [];
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 1_000_001;
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
    return {
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
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
      if (req.method === "GET" && verify) {
        const tx = byRef.get(decodeURIComponent(verify[1]));
        if (!tx) return fail(res, 404, "Transaction reference not found");
        return send(res, 200, { status: true, message: "Verification successful", data: verifyData(tx) });
      }
      if (req.method === "POST" && path === "/refund") return refund(await readBody(req), res);
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
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
