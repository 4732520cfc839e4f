#!/usr/bin/env node
/**
 * The Docker image's HEALTHCHECK: exit 0 when GET /readyz on this container answers 200
 * (database reachable, migrations applied), else 1. Node's fetch, since the image has no curl.
 */
const port = process.env.PORT || "3000";
try {
  const r = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  process.exit(r.ok ? 0 : 1);
} catch {
  process.exit(1);
}
