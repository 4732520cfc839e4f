/** /users/auth/phone/*, /users/{id}/channels/, /webhooks/whatsapp: request and answer schemas. No server imports. */
import * as z from "zod";

export { ChannelsSchema, PhoneAddSchema, PhoneCodeRequestSchema, PhoneCodeVerifySchema } from "~/domain/phone";

export const ChannelsAnswer = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
  /** The verified phone number (E.164), or null: SMS and WhatsApp need one. */
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  /** The account's e-mail address ("" for an account made with a phone number). */
  has_email: z.boolean(),
});
export type ApiChannels = z.infer<typeof ChannelsAnswer>;
