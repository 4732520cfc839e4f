/** Users: response schemas and inferred answer types. No server imports. */
import * as z from "zod";
import { LANGUAGES } from "~/i18n/languages";

export const UserSchema = z.object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() });
export type ApiUser = z.infer<typeof UserSchema>;

/** POST /users/{id}/delete/ (the rule of the delete-account form). */
export { DeleteAccountSchema as DeleteAccountBody } from "~/domain/privacy";

/** GET /users/{id}/export/: everything we hold about the caller (no password hash, no tokens). */
export const PersonalDataSchema = z.object({
  exported_at: z.string(),
  account: z.object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    role: z.string(),
    email_verified: z.boolean(),
    google_sign_in: z.boolean(),
    created_at: z.string(),
  }),
  addresses: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(z.record(z.string(), z.unknown())),
  payments: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  wishlist: z.array(z.record(z.string(), z.unknown())),
  cart: z.array(z.record(z.string(), z.unknown())),
  newsletter: z.record(z.string(), z.unknown()).nullable(),
  notifications: z.array(z.record(z.string(), z.unknown())),
  store_memberships: z.array(z.record(z.string(), z.unknown())),
});
export type ApiPersonalData = z.infer<typeof PersonalDataSchema>;

/** PUT /users/{id}/language/: the language the shopper's mails, SMS and WhatsApp messages use. */
export const LanguageBody = z.object({ language: z.enum(LANGUAGES, { error: "Choose one of: en, pcm, yo, ha, ig." }) });
export const LanguageAnswer = LanguageBody;
/** GET /users/{id}/language/: the account's saved language; null when its owner never chose one. */
export const SavedLanguage = z.object({ language: z.enum(LANGUAGES).nullable() });
