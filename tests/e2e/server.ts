/**
 * The app as e2e tests see it: the production server (`node server/start.mjs`: Express + the
 * Remix build, as `npm start` runs it) on a fresh embedded database with the demo catalogue, on
 * E2E_PORT, with its local stand-ins (mail outbox under the data dir; third-party stand-ins
 * registered in ./standins) started first. SKIP_BUILD defaults to 1 (npm test builds first);
 * `SKIP_BUILD= npx playwright test …` rebuilds when the build is older than app/ or server/.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startStandins } from "./standins";

const port = process.env.E2E_PORT || "3100";
const dataDir = path.resolve(`tests/.tmp/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const standinEnv = await startStandins({ appUrl: `http://localhost:${port}` });
const child = spawn(process.execPath, ["server/start.mjs"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    ...standinEnv,
    PORT: port,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    SESSION_SECRET: "e2e-session-secret",
    NODE_ENV: "production",
    SKIP_BUILD: process.env.SKIP_BUILD ?? "1",
    DATABASE_URL: "",
    API_URL: "",
    // Every browser of every project comes from 127.0.0.1: per-address limits (sign-ups per hour)
    // would throttle the suite itself. Per-account limits still apply.
    RATE_LIMIT_ALLOWLIST: "127.0.0.1,::1,::ffff:127.0.0.1",
    // Every project (and a CI retry) checks and saves the same demo store's bank account as the
    // same demo vendor: 10 lookups an hour would run out within one suite. The limit itself is
    // tested in tests/api/payouts.test.ts at its default.
    BANK_LOOKUP_LIMIT: "200",
    // The suite checks behaviour, not overload: on a busy CI machine a page that waited 500 ms for
    // its turn would be shed with a quick 503 (server/fair-start.mjs), failing whichever test asked.
    // Shedding itself is tested in tests/server/fair-start.test.ts.
    SHED_AFTER_MS: "off",
  },
});
// The server logs JSON lines on stdout; Playwright shows only stderr (playwright.config.ts), so
// pass on warnings and errors there and everything to our stdout.
let pending = "";
child.stdout!.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  pending += chunk.toString("utf8");
  const lines = pending.split("\n");
  pending = lines.pop() ?? "";
  for (const line of lines) if (/^\{"level":"(warn|error|fatal)"/.test(line)) process.stderr.write(`${line}\n`);
});
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
