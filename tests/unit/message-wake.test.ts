/**
 * SMS and WhatsApp order updates leave within seconds (docs/orders.md, "Messages current and
 * prompt"): the process that queues one wakes the senders when its send window ends, and a message
 * queued while an earlier one's wake-up is pending gets its own, not the minute's job.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onWake, SEND_WINDOW_SECONDS, wakeSenders } from "~/integrations/messaging/outbox.server";

describe("waking the message senders", () => {
  let runs: number[] = [];
  const start = Date.UTC(2026, 10, 28, 12, 0, 0);
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    vi.stubEnv("MESSAGE_WAKE", "1");
    runs = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
  onWake(async () => {
    runs.push(Date.now() - start);
  });

  it("flushes when each message's window has passed, a later message included", async () => {
    wakeSenders(); // "shipped" at 0 s
    await vi.advanceTimersByTimeAsync(3_000);
    wakeSenders(); // "delivered, cash received" at 3 s: due at 8 s
    await vi.advanceTimersByTimeAsync(12_000);
    const window = SEND_WINDOW_SECONDS * 1000;
    // one flush after the first window, and one after the second message's window, both within 3 s of it
    expect(runs.some((t) => t >= window && t <= window + 1_500)).toBe(true);
    expect(runs.some((t) => t >= 3_000 + window && t <= 3_000 + window + 1_500)).toBe(true);
    expect(runs.every((t) => t < 15_000)).toBe(true);
  });

  it("makes one flush of many messages queued in the same second", async () => {
    for (let i = 0; i < 20; i++) wakeSenders();
    await vi.advanceTimersByTimeAsync(10_000);
    // the window's flush and its follow-up two seconds later, whatever the number of messages
    expect(runs).toHaveLength(2);
  });
});
