/**
 * POST /api/v1/webhooks/paystack (Decision 3): the raw body's HMAC-SHA512 checked in constant
 * time with the secret key (a bad or missing signature: 401, nothing stored); each event stored
 * once (webhook_events UNIQUE provider+event+reference; Paystack retries and duplicates are
 * normal); 200 at once; then, after the answer, reconciled through verify: a charge.success marks
 * an order paid only through Paystack's verify answer (never the body's amount), refund.* events
 * settle `refunds` rows, charge.dispute.* open and follow claims (./claims.server.ts).
 */
import type { Db } from "~/db/client.server";
import { verifyWebhookSignature } from "~/integrations/paystack/signature.server";
import { webhookSecret } from "~/integrations/paystack/gateway.server";
import { log } from "~/ops/logger.server";
import { ApiError, json } from "~/api/core/http";
import { applyTransferEvent } from "~/api/payouts/commands.server";
import { settleAttempt } from "./payments.server";
import { findAttempt } from "~/api/payments/queries.server";
import { applyRefundEvent, refundEventKey } from "./refunds.server";
import { applyDisputeEvent, disputeEventKey } from "./claims.server";

const MAX_BODY = 1_000_000;
/** An event stored but not processed (the server died mid-way) is processed again by a replay after this. */
const STALE_MS = 2 * 60_000;

async function readRaw(request: Request): Promise<Uint8Array> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY) throw new ApiError(413, { detail: "Request body too large." });
  let buf: ArrayBuffer;
  try {
    buf = await request.arrayBuffer();
  } catch {
    throw new ApiError(400, { detail: "The request body could not be read." });
  }
  if (buf.byteLength > MAX_BODY) throw new ApiError(413, { detail: "Request body too large." });
  return new Uint8Array(buf);
}

function eventKey(event: string, data: Record<string, unknown>): string | null {
  if (event.startsWith("refund.")) return refundEventKey(data);
  if (event.startsWith("charge.dispute.")) return disputeEventKey(event, data);
  const ref = data.reference;
  if (typeof ref === "string" && ref && ref.length <= 200) return ref;
  if (typeof ref === "number") return String(ref);
  return null;
}

export async function receivePaystackWebhook(db: Db, request: Request): Promise<Response> {
  const raw = await readRaw(request);
  const secret = await webhookSecret();
  if (!secret || !verifyWebhookSignature(raw, request.headers.get("x-paystack-signature"), secret)) {
    throw new ApiError(401, { detail: "Invalid or missing webhook signature." });
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw).toString("utf8"));
  } catch {
    throw new ApiError(400, { detail: "The webhook body is not JSON." });
  }
  const event = (body as { event?: unknown })?.event;
  const data = (body as { data?: unknown })?.data;
  if (typeof event !== "string" || !event || event.length > 100 || !data || typeof data !== "object" || Array.isArray(data)) {
    throw new ApiError(400, { detail: "The webhook body has no event and data." });
  }
  const key = eventKey(event, data as Record<string, unknown>);
  if (!key) {
    log().info({ event }, "Paystack webhook without a reference: ignored");
    return json({ status: "ignored" });
  }
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO webhook_events (provider, event, reference, payload) VALUES ('paystack', $1, $2, $3)
     ON CONFLICT (provider, event, reference) DO NOTHING RETURNING id`,
    [event, key, JSON.stringify(body)],
  );
  let id = inserted.rows[0]?.id;
  if (!id) {
    // A duplicate: process it again only when the first copy was never processed and is stale.
    const old = await db.query<{ id: number; processed: boolean; stale: boolean }>(
      `SELECT id, processed_at IS NOT NULL AS processed, received_at < now() - make_interval(secs => $3) AS stale
         FROM webhook_events WHERE provider = 'paystack' AND event = $1 AND reference = $2`,
      [event, key, STALE_MS / 1000],
    );
    const row = old.rows[0];
    if (!row || row.processed || !row.stale) return json({ status: "duplicate" });
    id = row.id;
  }
  const eventId = id;
  // Answer now; reconcile after (Paystack wants a fast 200 and retries anything else).
  void processWebhookEvent(db, eventId, event, data as Record<string, unknown>).catch((err) =>
    log().warn({ err, eventId, event }, "processing a Paystack webhook failed; the reconcile job will catch up"),
  );
  return json({ status: "received" });
}

/** Reconciles one stored event (exported for tests and for a later re-run). */
export async function processWebhookEvent(db: Db, eventId: number, event: string, data: Record<string, unknown>): Promise<void> {
  const done = () => db.query("UPDATE webhook_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL", [eventId]);
  if (event === "charge.success") {
    const reference = String(data.reference ?? "");
    const attempt = await findAttempt(db, reference);
    if (!attempt) {
      log().warn({ reference, eventId }, "charge.success for a reference we never made: ignored");
      await done();
      return;
    }
    if (attempt.payment_status !== "Complete" && attempt.payment_status !== "Refunded") {
      // Throws when Paystack cannot be asked: the event stays unprocessed and the attempt Pending for the job.
      await settleAttempt(db, attempt, "webhook");
    }
    await done();
    return;
  }
  if (event.startsWith("refund.")) {
    await applyRefundEvent(db, eventId, event, data);
    return;
  }
  if (event.startsWith("transfer.")) return applyTransferEvent(db, eventId, event, data);
  // A card dispute opens a claim on each line of the disputed payment (issue 36 item 5).
  if (event === "charge.dispute.create" || event === "charge.dispute.remind" || event === "charge.dispute.resolve") return applyDisputeEvent(db, eventId, event, data);
  await done();
}
