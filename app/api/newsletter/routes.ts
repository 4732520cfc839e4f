/**
 * Newsletter (not in the spec's call table): double opt-in sign-up, confirmation,
 * one-click unsubscribe (RFC 8058: the mail provider POSTs here), and the admin's count, CSV
 * export and "Send newsletter" through the mail queue.
 */
import { NEWSLETTER_BAD_LINK, NEWSLETTER_SIGNUP_ANSWER } from "~/domain/privacy";
import { resolveLanguage } from "~/i18n/i18next.server";
import { flushMailQueue, sendMail } from "~/integrations/mail.server";
import { newsletterConfirmEmail } from "~/integrations/mail/newsletter-emails.server";
import { log } from "~/ops/logger.server";
import { API_HEADERS, badRequest, json, notFound } from "../core/http";
import { route, type RouteDef } from "../core/types";
import { confirmSubscription, requestSubscription, sendNewsletter, unsubscribe } from "./commands.server";
import { confirmedSubscribers, newsletterSummary, subscribersCsv } from "./queries.server";
import { ConfirmBody, ConfirmedSchema, DetailSchema, NewsletterSendSchemaOut, NewsletterSummarySchema, SendBody, SubscribeBody } from "./schemas";

export const routes: RouteDef[] = [
  route({
    method: "POST",
    path: "/newsletter/",
    access: "public",
    summary:
      "Newsletter sign-up: records the consent and e-mails a confirmation link. The same 202 whether or not the address is already subscribed; only a confirmed address is subscribed",
    tag: "newsletter",
    body: SubscribeBody,
    response: DetailSchema,
    status: 202,
    async handler(ctx) {
      const { email, source } = await ctx.input();
      const user = await ctx.user();
      const token = await requestSubscription(ctx.db, { email, source, ip: ctx.clientIp, userId: user?.email === email ? user.id : null });
      // After the row is committed; a failed send is queued by sendMail itself.
      // In the language of the page it was asked from (the storefront sends it as Accept-Language).
      if (token) await sendMail(newsletterConfirmEmail(email, token, await resolveLanguage(ctx.request))).catch((err) => log().error({ err, requestId: ctx.requestId }, "newsletter: confirmation mail lost"));
      return json({ detail: NEWSLETTER_SIGNUP_ANSWER }, 202);
    },
  }),
  route({
    method: "POST",
    path: "/newsletter/confirm/",
    access: "public",
    summary: "Confirms a sign-up with the token of the confirmation e-mail (once, before it expires): the address is subscribed",
    tag: "newsletter",
    body: ConfirmBody,
    response: ConfirmedSchema,
    async handler(ctx) {
      const { token } = await ctx.input();
      const email = await confirmSubscription(ctx.db, token, ctx.clientIp);
      if (!email) throw badRequest({ token: [NEWSLETTER_BAD_LINK] });
      return json({ email, subscribed: true });
    },
  }),
  {
    method: "POST",
    path: "/newsletter/unsubscribe/:token/",
    access: "public",
    summary:
      "One-click unsubscribe (RFC 8058 List-Unsubscribe-Post, body List-Unsubscribe=One-Click, or the unsubscribe page's button). The token is the one of the newsletter's link",
    tag: "newsletter",
    response: DetailSchema,
    async handler(ctx) {
      if (!(await unsubscribe(ctx.db, ctx.params.token ?? ""))) throw notFound();
      return json({ detail: "You are unsubscribed. You will not receive our newsletter any more." });
    },
  },
  {
    method: "GET",
    path: "/newsletter/unsubscribe/:token/",
    access: "public",
    summary: "A person who opens the List-Unsubscribe address in a browser goes to the unsubscribe page (nothing changes on a GET)",
    tag: "newsletter",
    status: 303,
    handler(ctx) {
      const to = `${new URL(ctx.base).origin}/newsletter/unsubscribe/${encodeURIComponent(ctx.params.token ?? "")}`;
      return new Response(null, { status: 303, headers: { ...API_HEADERS, Location: to } });
    },
  },
  {
    method: "GET",
    path: "/newsletter/summary/",
    access: "admin",
    summary: "Admin: counts of confirmed, pending and unsubscribed addresses and the last newsletters sent",
    tag: "newsletter",
    auth: "required",
    response: NewsletterSummarySchema,
    async handler(ctx) {
      return json(await newsletterSummary(ctx.db));
    },
  },
  {
    method: "GET",
    path: "/newsletter/subscribers/export/",
    access: "admin",
    summary: "Admin: confirmed subscribers as CSV (email, confirmed_at, source); cells a spreadsheet would run as formulas are prefixed with '",
    tag: "newsletter",
    auth: "required",
    async handler(ctx) {
      const csv = subscribersCsv(await confirmedSubscribers(ctx.db));
      const day = new Date().toISOString().slice(0, 10);
      return new Response(csv, {
        status: 200,
        headers: {
          ...API_HEADERS,
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  },
  route({
    method: "POST",
    path: "/newsletter/sends/",
    access: "admin",
    summary:
      "Admin: sends a newsletter (subject, text) to every confirmed subscriber through the mail queue, each with its unsubscribe link and List-Unsubscribe headers. A repeated idempotency_key answers the first send (200) and queues nothing",
    tag: "newsletter",
    auth: "required",
    body: SendBody,
    response: NewsletterSendSchemaOut,
    status: 201,
    async handler(ctx) {
      const admin = await ctx.requireAdmin();
      const body = await ctx.input();
      const { send, created } = await ctx.db.tx((tx) => sendNewsletter(tx, { key: body.idempotency_key, subject: body.subject, text: body.text, adminId: admin.id }));
      if (created) void flushMailQueue().catch((err) => log().error({ err }, "newsletter: flushing the mail queue failed"));
      return json(send, created ? 201 : 200);
    },
  }),
];
