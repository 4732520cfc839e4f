/**
 * Store rules (spec section 5: vendor contact, brand and socials), shared by the API (POST
 * /stores/) and the three-step create-store wizard (its steps and messages: ./store-rules.ts,
 * re-exported). Logo and banner follow the product image rules (app/domain/products.ts: 5 MB,
 * JPEG/PNG/WebP checked by content on the server); both are optional.
 */
import * as z from "zod";
import { canonicalState } from "./address-rules";
import { TEXT_MAX, text } from "./text";
import { STORE_MESSAGES, type StoreWizardStep } from "./store-rules";
import { emailField, phoneField, requiredText, wordCount } from "./validation";

export * from "./store-rules";

const optionalUrl = z.preprocess(
  (v) => (v === null || v === undefined ? "" : v),
  text(TEXT_MAX.line).refine((v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), STORE_MESSAGES.url),
);

/**
 * The state a store ships from (shipping is priced from it): one of the 36 states or the FCT,
 * any spelling canonicalState() knows ("lagos", "Lagos State", "FCT"); stored canonical.
 */
const storeStateField = (required: boolean) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : typeof v === "string" ? v.trim() : v),
    z
      .string({ error: STORE_MESSAGES.stateInvalid })
      .max(64, STORE_MESSAGES.stateInvalid)
      .transform((v, c) => {
        if (v === "") {
          if (required) c.addIssue({ code: "custom", message: STORE_MESSAGES.state });
          return null;
        }
        const s = canonicalState(v);
        if (!s) c.addIssue({ code: "custom", message: STORE_MESSAGES.stateInvalid });
        return s;
      }),
  );

/** Step 1, Contact. */
export const StoreContactSchema = z.object({
  firstName: requiredText(STORE_MESSAGES.firstName, 3, STORE_MESSAGES.min3, TEXT_MAX.name),
  lastName: requiredText(STORE_MESSAGES.lastName, 3, STORE_MESSAGES.min3, TEXT_MAX.name),
  email: emailField(STORE_MESSAGES.email, STORE_MESSAGES.emailInvalid),
  phone: phoneField(STORE_MESSAGES.phone, STORE_MESSAGES.phoneInvalid),
  address: requiredText(STORE_MESSAGES.address, 10, STORE_MESSAGES.addressMin, TEXT_MAX.street),
  state: storeStateField(true),
});

const descriptionField = z
  .string({ error: STORE_MESSAGES.description })
  .trim()
  .min(1, STORE_MESSAGES.description)
  .pipe(text(TEXT_MAX.description))
  .refine((v) => wordCount(v) >= 50, STORE_MESSAGES.wordsMin)
  .refine((v) => wordCount(v) <= 250, STORE_MESSAGES.wordsMax);

/** Step 2, Brand (the logo and banner files are checked apart). */
export const StoreBrandSchema = z.object({
  name: requiredText(STORE_MESSAGES.name, undefined, undefined, TEXT_MAX.line),
  description: descriptionField,
  business_license_number: z.preprocess((v) => v ?? "", text(64)),
  slug: z.preprocess((v) => v ?? "", text(80).refine((v) => v === "" || /^[a-zA-Z0-9][a-zA-Z0-9 _-]*$/.test(v), STORE_MESSAGES.slug)),
  website: optionalUrl,
});

const agreementField = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "1", "on", "yes"].includes(v.trim().toLowerCase()) : v === true),
  z.literal(true, { error: STORE_MESSAGES.agreement }),
);

/** Step 3, Socials. */
export const StoreSocialsSchema = z.object({
  facebook: optionalUrl,
  instagram: optionalUrl,
  x: optionalUrl,
  agreement: agreementField,
});

/**
 * POST /stores/: the store's fields (the contact person's names are the wizard's only; the API
 * takes the store's email, phone, address and state). The social links are stored. `state` is
 * optional for clients that do not send it (null: the API guesses it from the address with
 * stateFromAddress); an unknown name is refused.
 */
export const StoreCreateSchema = StoreContactSchema.omit({ firstName: true, lastName: true })
  .extend({ state: storeStateField(false) })
  .extend(StoreBrandSchema.shape)
  .extend(StoreSocialsSchema.shape);
export type StoreCreate = z.output<typeof StoreCreateSchema>;

/** The schema each wizard step must pass before the vendor may move past it. */
export const STORE_STEP_SCHEMAS = {
  1: StoreContactSchema,
  2: StoreBrandSchema,
  3: StoreSocialsSchema,
} as const satisfies Record<StoreWizardStep, z.ZodType>;
