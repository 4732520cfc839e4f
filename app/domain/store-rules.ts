/**
 * Store rules without zod (the wizard's steps and fields, messages, default social links, how
 * clients' fields map onto the schema's, the slug), so the browser may import them
 * (docs/architecture.md, Forms); ./stores.ts adds the schemas and re-exports these.
 */

import { slugify } from "./slug";

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
  return slugify(raw, 60) || slugify(name, 60) || "store";
}

/**
 * The create-store wizard's steps (spec sections 2 and 4): Contact, Brand, Socials. Each names
 * the fields it shows (logo and banner are files, checked by the API); the schema that must pass
 * before the vendor may move past it is ./stores.ts's STORE_STEP_SCHEMAS.
 */
export const STORE_WIZARD_STEPS = [
  { n: 1, label: "Contact", fields: ["firstName", "lastName", "email", "phone", "address", "state"] },
  { n: 2, label: "Brand", fields: ["name", "description", "business_license_number", "slug", "website", "logo", "banner"] },
  { n: 3, label: "Socials", fields: ["facebook", "instagram", "x", "agreement"] },
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
