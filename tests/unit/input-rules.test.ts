/** Input rules that harden against crafted input: the one e-mail address rule, a category's parent, lone surrogates. */
import { describe, expect, it } from "vitest";
import { CategoryCreateSchema, CategoryMoveSchema } from "~/domain/admin";
import { InviteMemberSchema } from "~/domain/members";
import { findLoneSurrogate, hasLoneSurrogate } from "~/domain/text";
import { isEmailAddress } from "~/domain/validation";

describe("e-mail addresses: a plain dot-atom local part @ a domain", () => {
  it.each(["chioma.okeke@gmail.com", "vendor+shop@demo.buildmart.ng", "o'brien@example.ng", "a_b-c@mail.sub.example.com.ng", "UPPER@Example.NG", "x@a-b.io"])("accepts %s", (email) => {
    expect(isEmailAddress(email)).toBe(true);
    expect(InviteMemberSchema.safeParse({ email }).success).toBe(true);
  });

  it.each([
    '"<img src=x onerror=alert(1)>"@example.ng',
    '"a"@example.ng',
    "<a@example.ng>",
    "Name <a@example.ng>",
    "a b@example.ng",
    "a(comment)@example.ng",
    ".a@example.ng",
    "a.@example.ng",
    "a..b@example.ng",
    "a@example",
    "a@-example.ng",
    "a@example-.ng",
    "a@[127.0.0.1]",
    "a@b@example.ng",
    "a@exa\nmple.ng",
    "a,b@example.ng",
  ])("refuses %j", (email) => {
    expect(isEmailAddress(email)).toBe(false);
    expect(InviteMemberSchema.safeParse({ email }).success).toBe(false);
  });
});

describe("a category's parent", () => {
  it("a move must name the parent: an id, or null/'' for the top level; anything else is refused", () => {
    expect(CategoryMoveSchema.safeParse({ parent: 4 }).data).toEqual({ parent: 4 });
    expect(CategoryMoveSchema.safeParse({ parent: "4" }).data).toEqual({ parent: 4 });
    expect(CategoryMoveSchema.safeParse({ parent: null }).data).toEqual({ parent: null });
    expect(CategoryMoveSchema.safeParse({ parent: "" }).data).toEqual({ parent: null });
    for (const bad of [{}, { parent: true }, { parent: false }, { parent: 0 }, { parent: -1 }, { parent: 1.5 }, { parent: "1e3" }, { parent: [2] }, { parent: { id: 2 } }, { parent: 2 ** 31 }]) {
      expect(CategoryMoveSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("a new category without a parent is a top-level one", () => {
    expect(CategoryCreateSchema.safeParse({ name: "Tiles" }).data).toEqual({ name: "Tiles", parent: null });
    expect(CategoryCreateSchema.safeParse({ name: "Tiles", parent: true }).success).toBe(false);
  });
});

describe("lone UTF-16 surrogates", () => {
  it("finds a lone half, not a whole pair", () => {
    expect(hasLoneSurrogate(JSON.parse('"a\\ud800b"'))).toBe(true);
    expect(hasLoneSurrogate(JSON.parse('"\\udc00"'))).toBe(true);
    expect(hasLoneSurrogate("Tiles 🧱")).toBe(false);
    expect(findLoneSurrogate({ a: ["ok", { b: JSON.parse('"x\\udfffy"') }] })).toEqual(["a", "1", "b"]);
    expect(findLoneSurrogate({ a: "Tiles 🧱" })).toBeNull();
  });
});
