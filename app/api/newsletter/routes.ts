/** Newsletter sign-up (the footer block). Not in the spec's call table: an addition of ours. */
import { json, validate } from "../core/http";
import type { RouteDef } from "../core/types";
import { subscribe } from "./commands.server";
import { SubscribeBody, SubscriptionSchema } from "./schemas";

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/newsletter/",
    access: "public",
    summary: "Subscribe an email address to the newsletter (idempotent; re-subscribes after an unsubscribe)",
    tag: "newsletter",
    body: SubscribeBody,
    response: SubscriptionSchema,
    status: 201,
    async handler(ctx) {
      const { email } = validate(SubscribeBody, await ctx.body());
      const user = await ctx.user();
      await subscribe(ctx.db, email, user?.id ?? null);
      return json({ email: email.toLowerCase(), subscribed: true }, 201);
    },
  },
];
