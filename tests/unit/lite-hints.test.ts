/** Lite mode chosen from the browser's signals, and the footer switch beating them either way. */
import { describe, expect, it } from "vitest";
import { hintsSayLite, liteDecision, LITE_DOWNLINK_MBPS } from "~/storefront/lite";

const h = (init: Record<string, string>) => new Headers(init);

describe("lite mode from client hints", () => {
  it("is off for a browser that says nothing or reports a good connection", () => {
    expect(hintsSayLite(h({}))).toBe(false);
    expect(hintsSayLite(h({ ECT: "4g", Downlink: "10" }))).toBe(false);
    expect(hintsSayLite(h({ ECT: "3g", Downlink: "1.5" }))).toBe(false);
    expect(hintsSayLite(h({ "Save-Data": "off" }))).toBe(false);
  });

  it("is on for Save-Data, a 2g or slower ECT, or a Downlink under the threshold", () => {
    expect(hintsSayLite(h({ "Save-Data": "on" }))).toBe(true);
    expect(hintsSayLite(h({ "Save-Data": " ON " }))).toBe(true);
    expect(hintsSayLite(h({ ECT: "2g" }))).toBe(true);
    expect(hintsSayLite(h({ ECT: "slow-2g", Downlink: "10" }))).toBe(true);
    expect(hintsSayLite(h({ ECT: "4g", Downlink: "0.35" }))).toBe(true);
    expect(hintsSayLite(h({ Downlink: String(LITE_DOWNLINK_MBPS) }))).toBe(false);
  });

  it("ignores malformed or missing estimates", () => {
    expect(hintsSayLite(h({ Downlink: "fast" }))).toBe(false);
    expect(hintsSayLite(h({ Downlink: "0" }))).toBe(false);
    expect(hintsSayLite(h({ ECT: "5g" }))).toBe(false);
  });

  it("lets the footer switch's cookie win either way", () => {
    expect(liteDecision(h({ "Save-Data": "on", ECT: "slow-2g" }), "0")).toBe(false);
    expect(liteDecision(h({ ECT: "4g" }), "1")).toBe(true);
    expect(liteDecision(h({ ECT: "2g" }), undefined)).toBe(true);
    expect(liteDecision(h({ ECT: "2g" }), null)).toBe(true);
    expect(liteDecision(h({}), undefined)).toBe(false);
  });
});
