/**
 * The request's CSP nonce for React: entry.server.tsx provides it, root.tsx's Document hands it
 * to <Scripts> and <ScrollRestoration>. In the browser it is "" (browsers hide nonces from the
 * DOM, and scripts added after hydration need none).
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);

// The CSP allows no eval. zod probes `new Function` (for its compiled parsers) when a route
// module builds its first object schema, unless `jitless` is set, and the browser reports the
// probe as a violation. This is the object behind zod's `z.config()` (zod/v4/core keeps it on
// globalThis); root.tsx imports this module, so in the browser it runs before any route module,
// and without importing zod on pages that have no form. tests/e2e/csp.spec.ts catches a relapse.
if (typeof document !== "undefined") {
  const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  (g.__zod_globalConfig ??= {}).jitless = true;
}
