import { describe, expect, it } from "vitest";
import { AddressFormSchema, firstAddressDefaults } from "~/domain/addresses";

describe("firstAddressDefaults: a first address form starts with the account's name and phone", () => {
  it("fills the name and the verified phone as shoppers write it, made the default address", () => {
    expect(firstAddressDefaults({ firstName: "Adaeze", lastName: "", verifiedPhone: "+2347081234567" })).toEqual({
      receiver_first_name: "Adaeze",
      receiver_last_name: undefined,
      receiver_phone_one: "0708 123 4567",
      is_default: true,
    });
  });

  it("leaves the phone empty without a verified one", () => {
    expect(firstAddressDefaults({ firstName: " Tunde ", lastName: "Bello", verifiedPhone: null })).toMatchObject({ receiver_first_name: "Tunde", receiver_last_name: "Bello", receiver_phone_one: undefined });
  });

  it("the prefilled phone passes the form's own rule", () => {
    const d = firstAddressDefaults({ firstName: "Adaeze", lastName: "Nwosu", verifiedPhone: "+2347081234567" });
    const r = AddressFormSchema.shape.receiver_phone_one.safeParse(d.receiver_phone_one);
    expect(r.success && r.data).toBe("+2347081234567");
  });
});
