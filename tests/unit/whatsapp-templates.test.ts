/**
 * The WhatsApp templates (issue 38 item 3: every language has its own): each update has a body in
 * every shop language that takes exactly the parameters the code sends ({{1}}…{{n}}, none missing,
 * none extra), never starts or ends with a parameter (Meta refuses those), and is not the English
 * one; a reader's language picks the template's name and code at Meta, which the stand-in reads
 * back to the same body; the stand-in refuses an unknown template or a wrong parameter count.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { deliveryCodeTemplateParams, orderTemplateParams, shipmentTemplateParams } from "~/integrations/sms-templates.server";
import { parameterCount, renderTemplate, templateBody, templateFor, templateOf, WHATSAPP_TEMPLATE_KEYS, type WhatsAppTemplateKey } from "~/integrations/whatsapp-templates.server";
import { templateName, WhatsAppOutbox } from "~/integrations/whatsapp.server";

const order = { name: "", order: "#3F2A9C1B", amount: "₦125,000.00", url: "https://buildmart.ng/users/orders/3f2a9c1b" };
const shipment = { name: "", store: "Lagos Depot", amount: "₦11,500.00", url: "https://buildmart.ng/users/orders/3f2a9c1b" };

/** The parameters the code sends for each template (app/api/notifications/channels.server.ts), in `lang`. */
function paramsOf(key: WhatsAppTemplateKey, lang: string): string[] {
  if (key === "delivery_code") return deliveryCodeTemplateParams({ name: "", store: "Lagos Depot", code: "0427", url: order.url }, lang);
  if (key === "shipped_store" || key === "delivered_store" || key === "delivered_cash") return shipmentTemplateParams(shipment, lang);
  if (key === "new_order") return ["Lagos Depot", order.order, order.amount, "https://buildmart.ng/stores/lagos-depot/orders/3f2a9c1b"];
  return orderTemplateParams(order, lang);
}

describe("WhatsApp templates in every language", () => {
  for (const lang of LANGUAGES)
    for (const key of WHATSAPP_TEMPLATE_KEYS) {
      it(`${lang} ${key}: takes exactly the parameters sent, neither starts nor ends with one`, () => {
        const body = templateBody(key, lang);
        const params = paramsOf(key, lang);
        const used = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
        expect(parameterCount(body)).toBe(params.length);
        expect([...used].sort()).toEqual(params.map((_, i) => i + 1));
        expect(body).not.toMatch(/^\s*\{\{|\}\}\s*$/);
        expect(body).not.toMatch(/\{\{(?!\d+\}\})/); // no i18next-style placeholder left
        const text = renderTemplate(body, params);
        expect(text).not.toContain("{{");
        for (const p of params) expect(text).toContain(p);
        if (lang !== "en") expect(body).not.toBe(templateBody(key, "en"));
      });
    }

  it("a reader without a name is greeted in their own language", () => {
    expect(orderTemplateParams(order, "en")[0]).toBe("there");
    for (const lang of LANGUAGES.filter((l) => l !== "en")) expect(orderTemplateParams(order, lang)[0]).not.toBe("there");
  });

  it("the reader's language picks the template's name and code at Meta, and the stand-in reads it back", () => {
    expect(templateFor("order_paid", "en")).toEqual({ name: "order_paid", code: null });
    expect(templateFor("order_paid", null)).toEqual({ name: "order_paid", code: null });
    expect(templateFor("order_paid", "ha")).toEqual({ name: "order_paid", code: "ha" });
    expect(templateFor("order_paid", "yo")).toEqual({ name: "order_paid_yo", code: null });
    for (const lang of LANGUAGES)
      for (const key of WHATSAPP_TEMPLATE_KEYS) {
        const t = templateFor(templateName(key), lang);
        expect(templateOf(t.name, t.code ?? "en"), `${lang} ${key}`).toEqual({ key, lang });
      }
    expect(templateOf("order_unknown", "en")).toBeNull();
    expect(templateOf("order_paid", "fr")).toBeNull();
  });

  it("the stand-in writes the message as the reader sees it, and refuses what Meta would", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wa-"));
    const outbox = new WhatsAppOutbox(dir);
    const params = paramsOf("paid", "ig");
    const t = templateFor(templateName("paid"), "ig");
    await outbox.sendTemplate("+2348031234567", t.name, params, t.code);
    const [file] = fs.readdirSync(dir);
    const sent = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { template: string; text: string; lang: string };
    expect(sent.template).toBe("order_paid_ig");
    expect(sent.text).toBe(renderTemplate(templateBody("paid", "ig"), params));
    expect(sent.text).toContain("Ndewo enyi");
    await expect(outbox.sendTemplate("+2348031234567", "order_nothing", params)).rejects.toThrow(/132001/);
    await expect(outbox.sendTemplate("+2348031234567", "order_paid", params, "fr")).rejects.toThrow(/132001/);
    await expect(outbox.sendTemplate("+2348031234567", "order_paid", params.slice(0, 3))).rejects.toThrow(/132000/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
