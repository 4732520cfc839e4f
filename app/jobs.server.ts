/**
 * Work the app server does in the background, on a timer: resend queued mail. Every app server
 * runs it; rows are claimed with a conditional UPDATE, so several servers never do one job twice.
 * Started once per process by entry.server.tsx (not in tests, which call the jobs directly).
 */
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";

const INTERVAL_MS = 60_000;
let started = false;

export function startBackgroundJobs() {
  if (started || process.env.NODE_ENV === "test" || process.env.DISABLE_JOBS === "1") return;
  started = true;
  const tick = async () => {
    try {
      const r = await flushMailQueue();
      if (r.sent || r.failed) log().info({ job: "mail-queue", sent: r.sent, failed: r.failed }, "mail queue flushed");
    } catch (err) {
      log().error({ job: "mail-queue", err }, "mail queue flush failed");
    }
  };
  setInterval(tick, INTERVAL_MS).unref();
  setTimeout(tick, 5_000).unref();
}
