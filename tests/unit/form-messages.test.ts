/**
 * Every message the shopper-facing domain rules (and the API's sign-in answers) can produce has a
 * `forms` key, so the storefront shows it in the shopper's language; the lookup is what the shared
 * error list uses. The messages come from the rules themselves: their exported texts, and the
 * schemas run against empty, wrong and over-long input.
 */
import { describe, expect, it } from "vitest";
import * as accounts from "~/domain/accounts";
import { EMAIL_NOT_VERIFIED_MESSAGE } from "~/domain/account-messages";
import { ADDRESS_LIMIT_MESSAGE, ADDRESS_MESSAGES, lgaNotInStateMessage } from "~/domain/address-rules";
import { AddressBodySchema, AddressFormSchema } from "~/domain/addresses";
import { CHOOSE_OPTION_MESSAGE, optionOutOfStockMessage, QUANTITY_MESSAGE, stockMessage } from "~/domain/cart";
import { CANCEL_MESSAGES, CHECKOUT_MESSAGES, SHIPMENT_MESSAGES } from "~/domain/order-rules";
import { DELIVERY_CODE_MESSAGES } from "~/domain/delivery-code";
import { CancelItemSchema, GuestCheckoutFormSchema, GuestCheckoutSchema } from "~/domain/orders";
import { IMAGE_MESSAGES, PRODUCT_MESSAGES } from "~/domain/product-rules";
import { UNIT_MESSAGES } from "~/domain/units";
import { PHONE_MESSAGES, PhoneAddSchema, PhoneCodeRequestSchema, PhoneCodeVerifySchema } from "~/domain/phone";
import { QUOTE_MESSAGES } from "~/domain/quote-rules";
import { RETURN_MESSAGES, ReturnFormSchema, ReturnRequestSchema } from "~/domain/returns";
import { REVIEW_MESSAGES, ReviewBodySchema, ReviewFormSchema } from "~/domain/reviews";
import { LONE_SURROGATE_MESSAGE, maxLengthMessage, minLengthMessage, NUL_MESSAGE, specSpelling } from "~/domain/text";
import { INT_ID_MESSAGE } from "~/domain/validation";
import { DUPLICATE_EMAIL, LOGIN_FAILED } from "~/api/auth/routes";
import { formMessageKey } from "~/i18n/form-messages";
import { LANGUAGES } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import type { z } from "zod";

const texts = (o: Record<string, unknown>) =>
  Object.values(o).flatMap((v) => (typeof v === "string" ? [v] : typeof v === "function" ? [(v as (n: number) => string)(1), (v as (n: number) => string)(3)] : []));

const SCHEMAS: z.ZodType[] = [
  accounts.RegisterSchema,
  accounts.RegisterFormSchema,
  accounts.LoginSchema,
  accounts.PasswordResetSchema,
  accounts.PasswordResetConfirmSchema,
  accounts.PasswordChangeSchema,
  AddressBodySchema,
  AddressFormSchema,
  GuestCheckoutSchema,
  GuestCheckoutFormSchema,
  CancelItemSchema,
  PhoneCodeRequestSchema,
  PhoneCodeVerifySchema,
  PhoneAddSchema,
  ReturnRequestSchema,
  ReturnFormSchema,
  ReviewBodySchema,
  ReviewFormSchema,
];

/** Inputs that break every kind of rule: missing, empty, wrong type, short, NUL, over-long, mismatched. */
function badInputs(schema: z.ZodType): unknown[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? (schema as unknown as { _def?: { schema?: { shape?: Record<string, unknown> } } })._def?.schema?.shape;
  const keys = Object.keys(shape ?? {}).concat(["email", "password", "password1", "password2", "new_password1", "new_password2", "phone", "code", "rating", "text"]);
  const all = (v: unknown) => Object.fromEntries(keys.map((k) => [k, v]));
  return [
    {},
    all(""),
    all("ab"),
    all(5),
    all("x\u0000y"),
    all("\ud800"),
    all("z".repeat(5000)),
    { ...all("Lagos"), email: "ada@example.com", password1: "ada@example.com", password2: "other", new_password1: "short", new_password2: "other", state: "Narnia", lga: "Ikeja", country: "GHA" },
    { ...all("Enugu"), state: "Enugu", lga: "Ikeja", password1: "abcdefghij", phone: "12345", code: "12" },
  ];
}

function domainMessages(): string[] {
  const found = new Set<string>([
    ...texts(accounts.PASSWORD_MESSAGES),
    accounts.OLD_PASSWORD_WRONG_MESSAGE,
    accounts.ACCOUNT_DEACTIVATED_MESSAGE,
    EMAIL_NOT_VERIFIED_MESSAGE,
    LOGIN_FAILED,
    DUPLICATE_EMAIL,
    ADDRESS_LIMIT_MESSAGE,
    ...texts(ADDRESS_MESSAGES),
    lgaNotInStateMessage("Ikeja", "Enugu"),
    ...texts(PHONE_MESSAGES),
    ...texts(CANCEL_MESSAGES),
    ...texts(CHECKOUT_MESSAGES),
    ...texts(RETURN_MESSAGES),
    ...texts(REVIEW_MESSAGES),
    // the seller's product form (issue 38: the seller's area in the four languages)
    ...texts(PRODUCT_MESSAGES),
    ...texts(IMAGE_MESSAGES),
    ...texts(UNIT_MESSAGES),
    // the API's refusals shown on the store's order page (issue 38 item 4)
    ...texts(DELIVERY_CODE_MESSAGES),
    DELIVERY_CODE_MESSAGES.wrong(0),
    SHIPMENT_MESSAGES.step("Confirmed", "Shipped"),
    SHIPMENT_MESSAGES.last("Delivered"),
    ...texts(SHIPMENT_MESSAGES),
    ...texts(QUOTE_MESSAGES),
    QUANTITY_MESSAGE,
    CHOOSE_OPTION_MESSAGE,
    stockMessage(4),
    stockMessage(2, "Colour: Red"),
    optionOutOfStockMessage("Size: 50kg"),
    NUL_MESSAGE,
    LONE_SURROGATE_MESSAGE,
    INT_ID_MESSAGE,
    maxLengthMessage(80),
    minLengthMessage(3),
    specSpelling(minLengthMessage(3)), // as the API spells it
  ]);
  for (const schema of SCHEMAS)
    for (const input of badInputs(schema)) {
      const r = schema.safeParse(input);
      if (!r.success) for (const issue of r.error.issues) found.add(issue.message);
    }
  return [...found];
}

describe("form messages", () => {
  const messages = domainMessages();

  it("the rules produce a good number of messages (the enumeration works)", () => {
    expect(messages.length).toBeGreaterThan(60);
  });

  it.each(messages)("%s has a forms key, translated in every language", (message) => {
    const known = formMessageKey(message);
    expect(known, `no forms key for: ${message}`).not.toBeNull();
    for (const lang of LANGUAGES) {
      const text = (resources[lang].forms as Record<string, string>)[known!.key];
      expect(text, `${lang}/forms.json lacks ${known!.key}`).toBeTruthy();
      // A name starting with "_" is a technical English detail the translations may leave out.
      for (const name of Object.keys(known!.values).filter((n) => !n.startsWith("_"))) expect(text).toContain(`{{${name}}}`);
    }
  });

  it("numbers and names inside a message are carried over; unknown messages are not matched", () => {
    expect(formMessageKey("Ensure this field has no more than 80 characters.")).toEqual({ key: "max_length", values: { max: "80" } });
    expect(formMessageKey("Should be atleast 3 characters")).toEqual({ key: "min_length", values: { min: "3" } });
    expect(formMessageKey("Ikeja is not an LGA of Enugu. Choose an LGA of Enugu, or change the state.")).toEqual({ key: "lga_not_in_state", values: { lga: "Ikeja", state: "Enugu" } });
    expect(formMessageKey("Something the storefront never heard of.")).toBeNull();
  });
});
