/** Newsletter: request and response schemas. No server imports. */
import * as z from "zod";
import { NewsletterConfirmSchema, NewsletterSendSchema, NewsletterSignupSchema } from "~/domain/privacy";

export const SubscribeBody = NewsletterSignupSchema;
export const ConfirmBody = NewsletterConfirmSchema;
export const SendBody = NewsletterSendSchema;

export const DetailSchema = z.object({ detail: z.string() });
export const ConfirmedSchema = z.object({ email: z.string(), subscribed: z.boolean() });
export type ApiNewsletterConfirmed = z.infer<typeof ConfirmedSchema>;

export const NewsletterSendSchemaOut = z.object({
  id: z.number(),
  subject: z.string(),
  recipients: z.number(),
  created_at: z.string(),
});
export type ApiNewsletterSend = z.infer<typeof NewsletterSendSchemaOut>;

export const NewsletterSummarySchema = z.object({
  confirmed: z.number(),
  pending: z.number(),
  unsubscribed: z.number(),
  sends: z.array(NewsletterSendSchemaOut),
});
export type ApiNewsletterSummary = z.infer<typeof NewsletterSummarySchema>;
