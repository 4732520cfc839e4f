import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressLines, lgaAndState } from "~/domain/address-lines";
import { NIGERIAN_STATES, stateName } from "~/domain/states";

/** Shoppers read the FCT one way everywhere (issue 38): "FCT (Abuja)", from ~/domain/states. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(?:tsx?|json)$/.test(e.name) ? [p] : [];
  });
}

describe("the FCT's one spelling", () => {
  it("names the FCT 'FCT (Abuja)' and every other state as it is", () => {
    expect(stateName("Federal Capital Territory")).toBe("FCT (Abuja)");
    for (const s of NIGERIAN_STATES.filter((s) => s !== "Federal Capital Territory")) expect(stateName(s)).toBe(s);
    expect(addressLines({ street_address: "Plot 5", city: "Garki", lga: "Abuja Municipal Area Council", state: "Federal Capital Territory" })).toEqual([
      "Plot 5",
      "Garki, Abuja Municipal Area Council LGA, FCT (Abuja)",
    ]);
    expect(lgaAndState({ lga: "Bwari", state: "Federal Capital Territory" })).toBe("Bwari LGA, FCT (Abuja)");
  });

  it("leaves no other spelling of it in the storefront's components, pages and messages", () => {
    const found = [...sources("app/components"), ...sources("app/routes"), ...sources("app/i18n/messages")]
      .filter((f) => !f.includes(`${path.sep}admin`))
      .filter((f) => /FCT, Abuja|Abuja \(FCT\)|"Federal Capital Territory" \?/.test(fs.readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });
});
