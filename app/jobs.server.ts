/**
 * Work the app server does in the background, on a timer: resend queued mail. Every app server
 * runs it; rows are claimed with a conditional UPDATE, so several servers never do one job twice.
 * Started once per process by entry.server.tsx (not in tests, which call the jobs directly).
 */
import { flushMailQueue } from "~/integrations/mail.server";

const INTERVAL_MS = 60_000;
let started = false;

export function startBackgroundJobs() {
  if (started || process.env.NODE_ENV === "test" || process.env.DISABLE_JOBS === "1") return;
  started = true;
  const tick = async () => {
    try {
      const r = await flushMailQueue();
      if (r.sent || r.failed) console.log(`[jobs] mail queue: ${r.sent} sent, ${r.failed} still failing`);
    } catch (e) {
      console.error("[jobs] mail queue flush failed:", e instanceof Error ? e.message : e);
    }
  };
  setInterval(tick, INTERVAL_MS).unref();
  setTimeout(tick, 5_000).unref();
}
