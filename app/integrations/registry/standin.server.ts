/**
 * A local stand-in for Prembly's CAC lookup (decision 0032), for development and tests: an HTTP
 * server with Prembly's path, headers and JSON (./client.server.ts). It answers by the number's
 * last digits, so any test or developer can ask for each case:
 *
 * | number ends in | answer |
 * |---|---|
 * | `00` | no record (`response_code` "01") |
 * | `13` | found, `company_status` "INACTIVE" |
 * | `17` | found, active, but registered as "ZENITH BUILDING SUPPLIES LIMITED" (a name mismatch) |
 * | `99` | 503: the provider is down |
 * | anything else | found, "ACTIVE", registered as the name sent in capitals, with " LIMITED" for an RC number |
 *
 * `setDown(true)` makes every answer a 503 (the provider down for a while, then back).
 * Requests without the stand-in's `x-api-key` and `app-id` get 401, as Prembly's do.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CAC_PATH } from "./client.server";

export interface RegistryStandin {
  url: string;
  apiKey: string;
  appId: string;
  /** Numbers looked up, in order. */
  readonly lookups: string[];
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export const MISMATCHED_NAME = "ZENITH BUILDING SUPPLIES LIMITED";

export async function startRegistryStandin(opts: { port?: number } = {}): Promise<RegistryStandin> {
  const apiKey = `live_sk_standin_${crypto.randomBytes(8).toString("hex")}`;
  const appId = crypto.randomUUID();
  const lookups: string[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || (req.url ?? "").split("?")[0] !== CAC_PATH) return send(404, { status: false, detail: "Not found" });
      if (req.headers["x-api-key"] !== apiKey || req.headers["app-id"] !== appId) return send(401, { status: false, detail: "Invalid credentials" });
      let body: { rc_number?: unknown; company_type?: unknown; company_name?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return send(400, { status: false, detail: "Invalid JSON" });
      }
      const number = String(body.rc_number ?? "").trim();
      const type = String(body.company_type ?? "RC").toUpperCase();
      lookups.push(`${type} ${number}`);
      if (down || number.endsWith("99")) return send(503, { status: false, detail: "Service temporarily unavailable" });
      if (!/^\d{1,8}$/.test(number)) return send(400, { status: false, detail: "rc_number is invalid", response_code: "02" });
      if (number.endsWith("00")) return send(200, { status: false, detail: "No record found", response_code: "01", data: null });
      const claimed = String(body.company_name ?? "").trim().toUpperCase() || "STANDIN TEST COMPANY";
      const company_name = number.endsWith("17") ? MISMATCHED_NAME : type === "RC" ? `${claimed} LIMITED` : claimed;
      send(200, {
        status: true,
        detail: "Verification Successful",
        response_code: "00",
        data: {
          rc_number: number,
          company_name,
          company_type: type,
          company_status: number.endsWith("13") ? "INACTIVE" : "ACTIVE",
          state: "LAGOS",
          company_address: "12 Stand-in Street, Ikeja",
          registrationDate: "2019-03-14",
        },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    appId,
    lookups,
    setDown: (d) => {
      down = d;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
