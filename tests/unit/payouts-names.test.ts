import { describe, expect, it } from "vitest";
import { accountNameMatches, sameAccountName } from "~/domain/payouts";

describe("the bank's account name against the store owner's", () => {
  it("matches loosely: case, word order, punctuation, accents and extra names aside", () => {
    expect(accountNameMatches("EMEKA OBI", "Emeka Obi")).toBe(true);
    expect(accountNameMatches("OBI, EMEKA", "Emeka Obi")).toBe(true);
    expect(accountNameMatches("OBI EMEKA JOHN", "Emeka Obi")).toBe(true);
    expect(accountNameMatches("MRS. ADAEZE OKONKWO", "Adaeze Okonkwo")).toBe(true);
    expect(accountNameMatches("ADEBAYO BABATUNDE", "Adébayo Babátúndé")).toBe(true);
  });

  it("warns for another person, or when a name is missing", () => {
    expect(accountNameMatches("ADAEZE OKONKWO", "Emeka Obi")).toBe(false);
    expect(accountNameMatches("EMEKA OKONKWO", "Emeka Obi")).toBe(false);
    expect(accountNameMatches("ADAEZE OKONKWO", "")).toBe(false);
    expect(accountNameMatches("...", "Emeka Obi")).toBe(false);
  });

  it("a confirmed name is the bank's name when only case, spaces and punctuation differ", () => {
    expect(sameAccountName(" adaeze  okonkwo ", "ADAEZE OKONKWO")).toBe(true);
    expect(sameAccountName("ADAEZE OKONKWO", "Emeka Obi")).toBe(false);
  });
});
