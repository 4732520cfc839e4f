/**
 * Store rules (spec section 5: vendor contact, brand and socials), shared by the API (POST
 * /stores/) and the three-step create-store wizard. Client-safe: no server imports. Logo and
 * banner follow the product image rules (app/domain/products.ts: 5 MB, JPEG/PNG/WebP checked by
 * content on the server); both are optional.
 */
import * as z from "zod";
import { canonicalState } from "./address-rules";
import { TEXT_MAX, text } from "./text";
import { emailField, phoneField, requiredText, wordCount } from "./validation";

export const STORE_MESSAGES = {
  firstName: "First Name is required",
  lastName: "Last Name is required",
  min3: "Should be at least 3 characters",
  email: "Email is required",
  emailInvalid: "yourname@domain, e.g info@...",
  phone: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  address: "Physical address is required",
  addressMin: "Should be at least 10 characters",
  state: "Choose the state your store ships from",
  stateInvalid: "Choose one of the 36 states or the FCT",
  name: "Brand Name is required",
  description: "In 50-250 words tell us about your store",
  wordsMin: "Enter at least 50 words.",
  wordsMax: "Not more than 250 words.",
  agreement: "Agree to the terms.",
  url: "Enter a valid URL (https://…).",
  slug: "Use letters, numbers and dashes only.",
} as const;

/** The social links' defaults shown in the form (spec section 3: "default social URLs"). */
export const DEFAULT_SOCIALS = {
  facebook: "https://facebook.com/",
  instagram: "https://instagram.com/",
  x: "https://x.com/",
} as const;

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

/** Maps what clients send (the spec's names and the wizard's) onto StoreCreateSchema's keys. */
export function storeInput(body: Record<string, unknown>): Record<string, unknown> {
  const pick = (...keys: string[]) => {
    for (const k of keys) if (body[k] !== undefined && typeof body[k] !== "object") return body[k];
    for (const k of keys) if (body[k] !== undefined) return body[k];
    return undefined;
  };
  return {
    name: pick("name", "storeName"),
    email: pick("email"),
    phone: pick("phone"),
    address: pick("address"),
    state: pick("state"),
    description: pick("description"),
    business_license_number: pick("business_license_number", "businessRCNumber"),
    slug: pick("slug"),
    website: pick("website"),
    facebook: pick("facebook", "facebook_link", "facebookLink"),
    instagram: pick("instagram", "instagram_link", "instagramLink"),
    x: pick("x", "x_link", "twitter", "xLink"),
    agreement: pick("agreement"),
  };
}

/** A store slug from what the vendor typed (or the store's name): lower case, dashes. */
export function storeSlug(raw: string, name: string): string {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/g, "");
  return norm(raw) || norm(name) || "store";
}

/**
 * The create-store wizard's steps (spec sections 2 and 4): Contact, Brand, Socials. Each names
 * the fields it shows (logo and banner are files, checked by the API) and the schema that must
 * pass before the vendor may move past it.
 */
export const STORE_WIZARD_STEPS = [
  { n: 1, label: "Contact", fields: ["firstName", "lastName", "email", "phone", "address", "state"], schema: StoreContactSchema },
  { n: 2, label: "Brand", fields: ["name", "description", "business_license_number", "slug", "website", "logo", "banner"], schema: StoreBrandSchema },
  { n: 3, label: "Socials", fields: ["facebook", "instagram", "x", "agreement"], schema: StoreSocialsSchema },
] as const;
export type StoreWizardStep = 1 | 2 | 3;

/** The wizard's text fields, carried across steps (in hidden inputs without JavaScript). */
export const STORE_WIZARD_TEXT_FIELDS = [
  "firstName", "lastName", "email", "phone", "address", "state",
  "name", "description", "business_license_number", "slug", "website",
  "facebook", "instagram", "x", "agreement",
  "logo_upload", "logo_url", "banner_upload", "banner_url",
] as const;

/** The step that shows `field` (API error keys included), or null. */
export function wizardStepOf(field: string): StoreWizardStep | null {
  for (const s of STORE_WIZARD_STEPS) if ((s.fields as readonly string[]).includes(field)) return s.n;
  return null;
}
