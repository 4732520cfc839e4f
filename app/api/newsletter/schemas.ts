/** Newsletter: request and response schemas. No server imports. */
import * as z from "zod";
import { TEXT_MAX } from "~/domain/text";

export const SubscribeBody = z.object({ email: z.email({ message: "Enter a valid email address" }).max(TEXT_MAX.email) });
export const SubscriptionSchema = z.object({ email: z.string(), subscribed: z.boolean() });
export type ApiSubscription = z.infer<typeof SubscriptionSchema>;
