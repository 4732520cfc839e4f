/**
 * Paystack behind one small interface (docs/domain.md section 1). The same HTTP client
 * talks to the real Paystack (https://api.paystack.co, PAYSTACK_SECRET_KEY) and to the local
 * stand-in (./standin.server.ts), which speaks the same HTTP API and JSON shapes: the code that
 * runs in development and tests is the code that runs in production.
 *
 * Amounts are integer kobo. Paystack answers `{status: boolean, message, data}`; a `status:false`
 * answer or a non-2xx status becomes a PaystackError carrying Paystack's message.
 */

export interface InitializeInput {
  email: string;
  /** Integer kobo. */
  amount: number;
  currency?: "NGN";
  /** Our own unique reference (alphanumerics, `-`, `.`, `=`). */
  reference: string;
  callback_url?: string;
  metadata?: Record<string, unknown>;
}

export interface InitializeData {
  authorization_url: string;
  access_code: string;
  reference: string;
}

export type TransactionStatus =
  | "success"
  | "failed"
  | "abandoned"
  | "ongoing"
  | "pending"
  | "processing"
  | "queued"
  | "reversed";

export interface VerifyData {
  id: number;
  status: TransactionStatus;
  reference: string;
  /** Integer kobo. */
  amount: number;
  currency: string;
  paid_at: string | null;
  channel: string | null;
  gateway_response: string | null;
  customer: { email: string; customer_code: string };
  metadata: Record<string, unknown> | null;
  /** What we asked, when Paystack took another amount (a transfer of the wrong amount); kobo. */
  requested_amount?: number | null;
}

export interface RefundInput {
  /** The transaction's reference or id. */
  transaction: string;
  /** Integer kobo; the whole transaction when omitted. */
  amount?: number;
  merchant_note?: string;
  customer_note?: string;
}

export interface RefundData {
  id: number;
  status: "pending" | "processing" | "processed" | "failed";
  amount: number;
  currency: string;
  transaction: { id: number; reference: string; amount: number };
}

/** The USSD codes Paystack's Charge API offers (`ussd.type`): GTBank, UBA, Sterling, Zenith. */
export type UssdType = "737" | "919" | "822" | "966";

/**
 * POST /charge for the channels that are paid away from a card form (docs/domain.md section 1):
 * `bank_transfer` gives a temporary account to transfer the exact amount to before
 * `account_expires_at`; `ussd` gives a code to dial. Exactly one of the two.
 */
export interface ChargeInput {
  email: string;
  /** Integer kobo. */
  amount: number;
  currency?: "NGN";
  reference: string;
  metadata?: Record<string, unknown>;
  bank_transfer?: { account_expires_at: string };
  ussd?: { type: UssdType };
}

/** POST /charge's `data` for bank_transfer and ussd (fields we do not use omitted). */
export interface ChargeData {
  reference: string;
  /** "pay_offline" (waiting for the shopper) | "pending_bank_transfer" | "success" | "failed" … */
  status: string;
  display_text?: string | null;
  /** bank_transfer */
  bank?: { name: string; slug?: string | null; id?: number } | null;
  account_name?: string | null;
  account_number?: string | null;
  account_expires_at?: string | null;
  /** ussd */
  ussd_code?: string | null;
}

export interface PaymentGateway {
  /** Starts a payment; the shopper is sent (303) to `authorization_url`. */
  initialize(input: InitializeInput): Promise<InitializeData>;
  /** Starts a bank transfer or USSD charge (POST /charge). */
  charge(input: ChargeInput): Promise<ChargeData>;
  /** The transaction as Paystack sees it; null when Paystack does not know the reference. */
  verify(reference: string): Promise<VerifyData | null>;
  /** Queues a refund; its outcome arrives as `refund.*` webhook events. */
  refund(input: RefundInput): Promise<RefundData>;
}

/** One bank of GET /bank?country=nigeria (Paystack's shape; fields we do not use omitted). */
export interface BankData {
  id: number;
  name: string;
  slug: string;
  code: string;
  longcode: string;
  active: boolean;
  country: string;
  currency: string;
  type: string;
}

/** GET /bank/resolve: the account's holder name as the bank knows it. */
export interface ResolvedAccount {
  account_number: string;
  account_name: string;
  bank_id: number;
}

export interface TransferRecipientInput {
  type: "nuban";
  name: string;
  account_number: string;
  bank_code: string;
  currency: "NGN";
}

export interface TransferRecipientData {
  id: number;
  recipient_code: string;
  name: string;
  type: string;
  currency: string;
  active: boolean;
  details: { account_number: string; account_name: string | null; bank_code: string; bank_name: string };
}

export interface TransferInput {
  source: "balance";
  /** Integer kobo. */
  amount: number;
  recipient: string;
  /** Our reference: lowercase alphanumerics, `-` and `_`, 16 to 50 characters; the same reference is one transfer. */
  reference: string;
  reason?: string;
  currency?: "NGN";
}

export type TransferStatus = "pending" | "otp" | "success" | "failed" | "reversed" | "abandoned" | "received";

export interface TransferData {
  id: number;
  reference: string;
  transfer_code: string;
  amount: number;
  currency: string;
  status: TransferStatus;
  reason: string | null;
  recipient: number | { recipient_code: string };
}

/** Paystack Transfers (vendor payouts, docs/payouts.md). */
export interface TransferGateway {
  /** Nigerian banks (GET /bank?country=nigeria). */
  listBanks(): Promise<BankData[]>;
  /** The account's name, or null when the bank does not know the account (Paystack's 422). */
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount | null>;
  /** POST /transferrecipient (an existing account answers its existing recipient). */
  createTransferRecipient(input: TransferRecipientInput): Promise<TransferRecipientData>;
  /** POST /transfer; the outcome arrives as transfer.success|failed|reversed webhooks. */
  initiateTransfer(input: TransferInput): Promise<TransferData>;
  /** GET /transfer/verify/:reference; null when Paystack does not know the reference. */
  verifyTransfer(reference: string): Promise<TransferData | null>;
}

export class PaystackError extends Error {
  constructor(
    message: string,
    /** HTTP status of Paystack's answer, or 0 when it could not be reached. */
    public status: number,
  ) {
    super(message);
    this.name = "PaystackError";
  }
}

export const PAYSTACK_BASE_URL = "https://api.paystack.co";

export interface HttpGatewayOptions {
  secretKey: string;
  baseUrl?: string;
  /** Per-request timeout; Paystack asks integrators to expect slow answers now and then. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

/** Paystack's HTTP API (real or stand-in), authenticated with the secret key. */
export class HttpPaystack implements PaymentGateway, TransferGateway {
  private base: string;
  private fetcher: typeof fetch;

  constructor(private opts: HttpGatewayOptions) {
    this.base = (opts.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/$/, "");
    this.fetcher = opts.fetch ?? fetch;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; envelope: Envelope<T> | null }> {
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.opts.secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000),
      });
    } catch (e) {
      throw new PaystackError(`Paystack could not be reached: ${(e as Error).message}`, 0);
    }
    const text = await res.text();
    let envelope: Envelope<T> | null = null;
    try {
      envelope = text ? (JSON.parse(text) as Envelope<T>) : null;
    } catch {
      envelope = null;
    }
    return { status: res.status, envelope };
  }

  private async ok<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const { status, envelope } = await this.call<T>(method, path, body);
    if (status >= 200 && status < 300 && envelope?.status) return envelope.data;
    throw new PaystackError(envelope?.message || `Paystack answered ${status}`, status);
  }

  initialize(input: InitializeInput): Promise<InitializeData> {
    return this.ok<InitializeData>("POST", "/transaction/initialize", { currency: "NGN", ...input });
  }

  charge(input: ChargeInput): Promise<ChargeData> {
    return this.ok<ChargeData>("POST", "/charge", { currency: "NGN", ...input });
  }

  async verify(reference: string): Promise<VerifyData | null> {
    const { status, envelope } = await this.call<VerifyData>("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
    if (status >= 200 && status < 300 && envelope?.status) return envelope.data;
    // Paystack answers an unknown reference with a 4xx "Transaction reference not found".
    if (status === 404 || (status === 400 && /not found/i.test(envelope?.message ?? ""))) return null;
    throw new PaystackError(envelope?.message || `Paystack answered ${status}`, status);
  }

  refund(input: RefundInput): Promise<RefundData> {
    return this.ok<RefundData>("POST", "/refund", input);
  }

  listBanks(): Promise<BankData[]> {
    return this.ok<BankData[]>("GET", "/bank?country=nigeria&currency=NGN&perPage=100");
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount | null> {
    const q = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const { status, envelope } = await this.call<ResolvedAccount>("GET", `/bank/resolve?${q}`);
    if (status >= 200 && status < 300 && envelope?.status) return envelope.data;
    // Paystack answers an account it cannot resolve with 422 (sometimes 400) "Could not resolve account name".
    if (status === 422 || status === 400) return null;
    throw new PaystackError(envelope?.message || `Paystack answered ${status}`, status);
  }

  createTransferRecipient(input: TransferRecipientInput): Promise<TransferRecipientData> {
    return this.ok<TransferRecipientData>("POST", "/transferrecipient", input);
  }

  initiateTransfer(input: TransferInput): Promise<TransferData> {
    return this.ok<TransferData>("POST", "/transfer", { currency: "NGN", ...input });
  }

  async verifyTransfer(reference: string): Promise<TransferData | null> {
    const { status, envelope } = await this.call<TransferData>("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
    if (status >= 200 && status < 300 && envelope?.status) return envelope.data;
    if (status === 404 || (status === 400 && /not found/i.test(envelope?.message ?? ""))) return null;
    throw new PaystackError(envelope?.message || `Paystack answered ${status}`, status);
  }
}

/**
 * Whether a verified transaction pays for what we asked: Paystack says success AND the amount
 * and currency are the ones we stored before the redirect (docs/domain.md, "Deliver only if").
 */
export function paysFor(tx: VerifyData, expected: { amountKobo: number; currency?: string }): boolean {
  return tx.status === "success" && tx.amount === expected.amountKobo && sameCurrency(tx, expected.currency);
}

const sameCurrency = (tx: VerifyData, currency: string | undefined) => tx.currency.toUpperCase() === (currency ?? "NGN");

/**
 * Whether a verified transaction covers an amount due: success, in the same currency (as
 * `paysFor`), for at least `dueKobo`. The order's amount due can drop after a payment page was
 * opened (items cancelled); the excess is then refunded, never kept.
 */
export function coversDue(tx: VerifyData, due: { amountKobo: number; currency?: string }): boolean {
  return tx.status === "success" && Number.isInteger(tx.amount) && tx.amount >= due.amountKobo && sameCurrency(tx, due.currency);
}
