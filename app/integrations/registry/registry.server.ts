/**
 * Which company registry the app asks (decision 0032), as Paystack's gateway chooses:
 * - PREMBLY_API_KEY and PREMBLY_APP_ID set: Prembly at PREMBLY_BASE_URL (default
 *   https://api.prembly.com); the stand-in is never started.
 * - otherwise the local stand-in (./standin.server.ts), started once per process on first use,
 *   only when PUBLIC_URL is local or REGISTRY_STANDIN=1. Elsewhere there is no registry: checks
 *   wait (RegistryUnavailable) and an admin can still approve a store by hand.
 */
import { env } from "~/config.server";
import { log } from "~/ops/logger.server";
import { PREMBLY_BASE_URL, PremblyRegistry, RegistryUnavailable, type BusinessRegistry } from "./client.server";
import { startRegistryStandin, type RegistryStandin } from "./standin.server";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function standinAllowed(): boolean {
  const e = env();
  if (e.REGISTRY_STANDIN === "0") return false;
  if (e.REGISTRY_STANDIN === "1") return true;
  try {
    return LOCAL_HOSTS.has(new URL(e.publicUrl).hostname);
  } catch {
    return false;
  }
}

let standin: Promise<RegistryStandin> | null = null;
let override: BusinessRegistry | null = null;

/** The in-process stand-in (started once). Tests use it to drive the provider down and up. */
export function ensureRegistryStandin(): Promise<RegistryStandin> {
  standin ??= startRegistryStandin()
    .then((s) => {
      log().warn({ registry: s.url }, `PREMBLY_API_KEY is not set: business checks use the LOCAL REGISTRY STAND-IN at ${s.url} (no real lookups).`);
      return s;
    })
    .catch((e) => {
      standin = null;
      throw e;
    });
  return standin;
}

/** Tests may swap the registry; null goes back to the configured one. */
export function setBusinessRegistry(r: BusinessRegistry | null) {
  override = r;
}

/** The registry in use now; throws RegistryUnavailable when none is configured. */
export async function businessRegistry(): Promise<BusinessRegistry> {
  if (override) return override;
  const e = env();
  if (e.PREMBLY_API_KEY && e.PREMBLY_APP_ID) return new PremblyRegistry(e.PREMBLY_API_KEY, e.PREMBLY_APP_ID, e.PREMBLY_BASE_URL ?? PREMBLY_BASE_URL);
  if (!standinAllowed()) throw new RegistryUnavailable("No company registry is configured (PREMBLY_API_KEY and PREMBLY_APP_ID are not set).");
  const s = await ensureRegistryStandin();
  return new PremblyRegistry(s.apiKey, s.appId, s.url);
}
