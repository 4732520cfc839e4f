/** The create-store wizard's Contact step asks for the state the store ships from (app/domain/stores.ts). */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { STORE_MESSAGES, STORE_WIZARD_STEPS, STORE_WIZARD_TEXT_FIELDS, StoreContactSchema, StoreCreateSchema, storeInput, wizardStepOf } from "~/domain/stores";

const contact = { firstName: "Adaeze", lastName: "Okafor", email: "ada@example.com", phone: "08031234567", address: "24 Ogui Road, Enugu" };
const formOf = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

describe("the store's state in the wizard", () => {
  it("is a field of the Contact step, carried across steps", () => {
    expect(wizardStepOf("state")).toBe(1);
    expect(STORE_WIZARD_STEPS[0].fields).toContain("state");
    expect(STORE_WIZARD_TEXT_FIELDS).toContain("state");
  });

  it("is required at the Contact step, with its message next to the field, as the browser and the action parse the form", () => {
    for (const fields of [contact, { ...contact, state: "" }]) {
      const s = parseWithZod(formOf(fields), { schema: StoreContactSchema, disableAutoCoercion: true });
      expect(s.status === "error" && s.error).toEqual({ state: [STORE_MESSAGES.state] });
    }
    const bad = parseWithZod(formOf({ ...contact, state: "Atlantis" }), { schema: StoreContactSchema, disableAutoCoercion: true });
    expect(bad.status === "error" && bad.error).toEqual({ state: [STORE_MESSAGES.stateInvalid] });
    const ok = parseWithZod(formOf({ ...contact, state: "Enugu" }), { schema: StoreContactSchema, disableAutoCoercion: true });
    expect(ok.status === "success" && ok.value.state).toBe("Enugu");
  });

  it("is optional for API clients (null: guessed from the address later), canonical when sent", () => {
    const base = { name: "Store", email: "a@b.ng", phone: "08031234567", address: "24 Ogui Road, Enugu", description: Array(60).fill("word").join(" "), agreement: "true" };
    const none = StoreCreateSchema.safeParse(storeInput(base));
    expect(none.success && none.data.state).toBeNull();
    const fct = StoreCreateSchema.safeParse(storeInput({ ...base, state: "abuja" }));
    expect(fct.success && fct.data.state).toBe("Federal Capital Territory");
    const bad = StoreCreateSchema.safeParse(storeInput({ ...base, state: "Gotham" }));
    expect(bad.success).toBe(false);
  });
});
