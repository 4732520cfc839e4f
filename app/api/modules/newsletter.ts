/** Newsletter sign-up (the footer block). Not in the spec's call table: an addition of ours. */
import crypto from "node:crypto";
import * as z from "zod";
import { json, validate } from "../http";
import type { RouteDef } from "../router";

const Body = z.object({ email: z.email({ message: "Enter a valid email address" }).max(254) });

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/newsletter/",
    summary: "Subscribe an email address to the newsletter (idempotent; re-subscribes after an unsubscribe)",
    tag: "newsletter",
    body: Body,
    status: 201,
    async handler(ctx) {
      const { email } = validate(Body, await ctx.body());
      const user = await ctx.user();
      await ctx.db.query(
        `INSERT INTO newsletter_subscriptions (email, user_id, token) VALUES ($1, $2, $3)
         ON CONFLICT (email) DO UPDATE SET unsubscribed_at = NULL, user_id = COALESCE(newsletter_subscriptions.user_id, EXCLUDED.user_id)`,
        [email.toLowerCase(), user?.id ?? null, crypto.randomBytes(24).toString("hex")],
      );
      return json({ email: email.toLowerCase(), subscribed: true }, 201);
    },
  },
];
