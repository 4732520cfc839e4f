import { describe, expect, it } from "vitest";
import { addressLines, lgaAndState } from "~/domain/address-rules";
import { AddressBodySchema, AddressFormSchema } from "~/domain/addresses";
import { LGAS_BY_STATE, canonicalLga, lgaSpelling } from "~/domain/lgas";
import { GuestCheckoutFormSchema, GuestCheckoutSchema } from "~/domain/orders";
import { NIGERIAN_STATES } from "~/domain/states";

describe("LGAs by state", () => {
  it("lists all 774 LGAs, for exactly the 36 states and the FCT, with no state listing one twice", () => {
    expect(Object.keys(LGAS_BY_STATE).sort()).toEqual([...NIGERIAN_STATES].sort());
    for (const s of NIGERIAN_STATES) {
      expect(LGAS_BY_STATE[s].length, s).toBeGreaterThan(0);
      expect(new Set(LGAS_BY_STATE[s]).size, s).toBe(LGAS_BY_STATE[s].length);
    }
    expect(Object.values(LGAS_BY_STATE).reduce((n, l) => n + l.length, 0)).toBe(774);
    // The counts the constitution gives a few states; the FCT's six area councils.
    expect(LGAS_BY_STATE.Kano).toHaveLength(44);
    expect(LGAS_BY_STATE.Lagos).toHaveLength(20);
    expect(LGAS_BY_STATE.Bayelsa).toHaveLength(8);
    expect(LGAS_BY_STATE["Federal Capital Territory"]).toHaveLength(6);
  });

  it("matches an LGA in any case, spacing or hyphenation, and only in its own state", () => {
    expect(canonicalLga("Lagos", "eti osa")).toBe("Eti-Osa");
    expect(canonicalLga("Rivers", "obio akpor")).toBe("Obio/Akpor");
    expect(canonicalLga("Kano", "Ikeja")).toBeNull();
    expect(canonicalLga("Oyo", "Surulere")).toBe("Surulere");
    expect(lgaSpelling("ABUJA MUNICIPAL AREA COUNCIL")).toBe("Abuja Municipal Area Council");
    expect(lgaSpelling("Gotham")).toBeNull();
  });

  it("the member and guest forms say which field is wrong when the LGA is another state's, and take none", () => {
    const address = {
      receiver_first_name: "Chinedu",
      receiver_last_name: "Okonkwo",
      receiver_phone_one: "08031234567",
      street_address: "12 Admiralty Way, Lekki",
      city: "Lekki",
      state: "Kano",
    };
    const bad = AddressFormSchema.safeParse({ ...address, lga: "Ikeja" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["lga"]);
    // The forms ask for an LGA; the API takes an address without one (older clients).
    const none = AddressFormSchema.safeParse({ ...address, lga: "", landmark: "" });
    expect(none.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["lga", "Choose your local government area (LGA)."]]);
    expect(AddressBodySchema.parse({ ...address, lga: "", landmark: "" })).toMatchObject({ lga: null, landmark: null });
    expect(GuestCheckoutFormSchema.safeParse({ ...address, email: "a@example.com" }).error?.issues.map((i) => i.path.join("."))).toEqual(["lga"]);
    expect(GuestCheckoutSchema.safeParse({ ...address, email: "a@example.com" }).success).toBe(true);
    const guest = GuestCheckoutFormSchema.safeParse({ ...address, email: "a@example.com", lga: "Dala", landmark: "Kofar Mata", zip_code: "" });
    expect(guest.success && guest.data).toMatchObject({ lga: "Dala", landmark: "Kofar Mata", zip_code: null });
  });

  it("writes an address with its landmark and LGA when it has them, and as before when it does not", () => {
    const base = { street_address: "12 Allen Avenue", city: "Ikeja", state: "Lagos", zip_code: null };
    expect(addressLines({ ...base, lga: "Ikeja", landmark: "Near Allen Roundabout" })).toEqual([
      "12 Allen Avenue",
      "Landmark: Near Allen Roundabout",
      "Ikeja, Ikeja LGA, Lagos",
    ]);
    expect(addressLines({ ...base, zip_code: "100271" })).toEqual(["12 Allen Avenue", "Ikeja, Lagos 100271"]);
    expect(lgaAndState({ lga: "Dala", state: "Kano" })).toBe("Dala LGA, Kano");
    expect(lgaAndState({ state: "Kano" })).toBe("Kano");
  });
});
