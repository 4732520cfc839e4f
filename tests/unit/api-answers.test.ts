/**
 * app/api/answers.gen.ts (route → answer type, for the storefront's calls) is generated from the
 * route tables; a route whose `response` changes without regenerating it fails here.
 */
import fs from "node:fs";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { ANSWERS_FILE, answersSource, tsType } from "../../scripts/gen-api-answers";

describe("the API's answer types", () => {
  it("are current with the route tables (npx tsx scripts/gen-api-answers.ts rewrites them)", () => {
    expect(fs.readFileSync(ANSWERS_FILE, "utf8")).toBe(answersSource());
  });

  it("print a schema's output type", () => {
    const s = z.object({
      id: z.number(),
      name: z.string().nullable(),
      size: z.enum(["small", "large"]),
      tags: z.array(z.string()),
      note: z.string().optional(),
      "a-b": z.literal(1),
    });
    expect(tsType(s)).toBe('{ id: number; name: string | null; size: "small" | "large"; tags: Array<string>; note?: string; "a-b": 1 }');
  });

  it("name the product detail's answer as the catalogue declares it", () => {
    expect(answersSource()).toMatch(/"GET \/products\/:id\/": \{ id: number; name: string;/);
  });
});
