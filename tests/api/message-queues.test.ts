/**
 * The SMS and WhatsApp queues: a provider that fails keeps the message (attempts counted, error
 * kept, sent later with back-off), and a message is sent once however often the queue is flushed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { queueSms, setSmsProvider, flushSmsQueue, type SmsProvider } from "~/integrations/sms.server";
import { queueWhatsApp, setWhatsAppProvider, flushWhatsAppQueue, type WhatsAppProvider } from "~/integrations/whatsapp.server";
import { engines, useApi } from "./harness";
import { newPhone } from "./phone-helpers";

/** A provider that records what it sends and fails while `down` is true. */
function recorder() {
  const sent: string[] = [];
  const state = { down: true };
  const sms: SmsProvider = {
    name: "test",
    async send(to, text) {
      if (state.down) throw new Error("provider down (503)");
      sent.push(`${to} ${text}`);
    },
  };
  const whatsapp: WhatsAppProvider = {
    name: "test",
    async sendTemplate(to, template, params) {
      if (state.down) throw new Error("provider down (503)");
      sent.push(`${to} ${template} ${params.join(",")}`);
    },
  };
  return { sent, state, sms, whatsapp };
}

afterEach(() => {
  setSmsProvider(null);
  setWhatsAppProvider(null);
});

describe.each(engines())("message queues on %s", (engine) => {
  const api = useApi(engine);

  it("keeps an SMS and a WhatsApp message through a provider failure, then sends each once", async () => {
    const r = recorder();
    setSmsProvider(r.sms);
    setWhatsAppProvider(r.whatsapp);
    const { e164 } = newPhone("0813");
    await queueSms(api.db, e164, "Your order #AB12 has shipped.");
    await queueWhatsApp(api.db, e164, "order_shipped", ["Ada", "#AB12"]);

    expect(await flushSmsQueue(api.db, { all: true })).toMatchObject({ failed: 1 });
    expect(await flushWhatsAppQueue(api.db, { all: true })).toMatchObject({ failed: 1 });
    const sms = (await api.db.query<{ attempts: number; last_error: string; later: boolean }>("SELECT attempts, last_error, next_attempt_at > now() AS later FROM sms_queue WHERE to_phone = $1", [e164])).rows;
    expect(sms).toEqual([{ attempts: 1, last_error: "provider down (503)", later: true }]);
    // Not due yet: a normal flush leaves it alone.
    r.state.down = false;
    await flushSmsQueue(api.db);
    expect(r.sent.filter((m) => m.startsWith(e164) && m.includes("shipped."))).toEqual([]);

    // Due (all): sent once, and never again.
    const [a, b] = await Promise.all([flushSmsQueue(api.db, { all: true }), flushSmsQueue(api.db, { all: true })]);
    await flushWhatsAppQueue(api.db, { all: true });
    await flushWhatsAppQueue(api.db, { all: true });
    expect(r.sent.filter((m) => m.startsWith(e164))).toEqual([`${e164} Your order #AB12 has shipped.`, `${e164} order_shipped Ada,#AB12`]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    const left = await api.db.query("SELECT 1 FROM sms_queue WHERE to_phone = $1 AND sent_at IS NULL UNION ALL SELECT 1 FROM whatsapp_queue WHERE to_phone = $1 AND sent_at IS NULL", [e164]);
    expect(left.rowCount).toBe(0);
  });
});
