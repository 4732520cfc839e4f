/**
 * The company registry behind one small interface (decision 0032): `BusinessRegistry.lookup`
 * looks an RC or BN number up with the Corporate Affairs Commission through a provider and
 * answers what the registry holds, or throws `RegistryUnavailable` (down, timed out, refused our
 * keys): the check then waits and the background job asks again.
 *
 * `PremblyRegistry` is the real client: Prembly (IdentityPass) basic CAC lookup,
 * `POST {base}/identitypass/verification/cac` with headers `x-api-key` and `app-id`, body
 * `{rc_number, company_type: "RC" | "BN", company_name}`; it answers
 * `{status, detail, response_code, data: {company_name, rc_number, company_status, …}}`, where
 * `response_code` "00" is found and "01" is no record. The local stand-in (./standin.server.ts)
 * speaks the same protocol.
 */
import type { CompanyType, RegistryRecord } from "~/domain/business-check";

export const PREMBLY_BASE_URL = "https://api.prembly.com";
export const CAC_PATH = "/identitypass/verification/cac";

export interface BusinessRegistry {
  readonly name: string;
  /** What the registry holds for this number; `claimedName` is the name the store gives. */
  lookup(type: CompanyType, number: string, claimedName: string): Promise<RegistryRecord>;
}

export class RegistryUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryUnavailable";
  }
}

interface PremblyAnswer {
  status?: boolean;
  detail?: string;
  response_code?: string;
  data?: { company_name?: string | null; rc_number?: string | null; company_status?: string | null } | null;
}

export class PremblyRegistry implements BusinessRegistry {
  readonly name = "prembly";
  constructor(
    private apiKey: string,
    private appId: string,
    private baseUrl = PREMBLY_BASE_URL,
    private timeoutMs = 15_000,
  ) {}

  async lookup(type: CompanyType, number: string, claimedName: string): Promise<RegistryRecord> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl.replace(/\/$/, "")}${CAC_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "x-api-key": this.apiKey, "app-id": this.appId },
        body: JSON.stringify({ rc_number: number, company_type: type, company_name: claimedName }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new RegistryUnavailable(`Prembly could not be reached: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await res.text().catch(() => "");
    let body: PremblyAnswer | null = null;
    try {
      body = text ? (JSON.parse(text) as PremblyAnswer) : null;
    } catch {
      body = null;
    }
    // No record: Prembly answers response_code "01" (with 200, or 404 on some versions).
    if (body?.response_code === "01" || (res.status === 404 && body)) return { found: false, registeredName: null, status: null };
    if (!res.ok || !body) throw new RegistryUnavailable(`Prembly answered ${res.status}: ${text.slice(0, 200)}`);
    if (body.response_code === "00" && body.status !== false && body.data)
      return { found: true, registeredName: body.data.company_name ?? null, status: body.data.company_status ?? null };
    throw new RegistryUnavailable(`Prembly answered ${body.response_code ?? "no code"}: ${body.detail ?? ""}`.slice(0, 300));
  }
}
