/**
 * /users/{id}/ (spec section 7): a user's public name and e-mail, for that user or an admin.
 * Personal data (Nigeria Data Protection Act): the caller's own data as JSON, and
 * deleting their own account (password checked; docs/privacy.md says what is kept).
 */
import { DELETE_ACCOUNT_MESSAGES } from "~/domain/privacy";
import { log } from "~/ops/logger.server";
import { checkPassword } from "../core/accounts.server";
import { badRequest, json, noContent, notFound } from "../core/http";
import { route, type RouteDef } from "../core/types";
import { deleteAccount, deletionBlocker } from "./commands.server";
import { findPublicUser, personalData } from "./queries.server";
import { isLang } from "~/i18n/languages";
import { userLanguage } from "~/integrations/mail/language.server";
import { DeleteAccountBody, LanguageAnswer, LanguageBody, PersonalDataSchema, SavedLanguage, UserSchema } from "./schemas";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:id/",
    // Others are refused (403) before any lookup, so the answer does not tell which ids exist.
    access: "self",
    async handler(ctx) {
      const user = await findPublicUser(ctx.db, ctx.intParam("id"));
      if (!user) throw notFound();
      return json(user);
    },
    summary: "One user (only that user or an admin)",
    tag: "users",
    auth: "required",
    response: UserSchema,
  },
  route({
    method: "GET",
    path: "/users/:userId/language/",
    // Signing in on the storefront puts the account's language back on the pages of that device.
    access: "self-only",
    async handler(ctx) {
      const language = await userLanguage(ctx.db, ctx.intParam("userId"));
      return json({ language: isLang(language) ? language : null });
    },
    summary: "The caller's saved language (en, pcm, yo, ha, ig), null when never chosen",
    tag: "users",
    auth: "required",
    response: SavedLanguage,
  }),
  route({
    method: "PUT",
    path: "/users/:userId/language/",
    // The storefront's language switch keeps a signed-in shopper's choice for mails and SMS.
    access: "self-only",
    async handler(ctx) {
      const body = await ctx.input();
      await ctx.db.query("UPDATE users SET language = $2 WHERE id = $1", [ctx.intParam("userId"), body.language]);
      return json({ language: body.language });
    },
    summary: "Save the caller's language (en, pcm, yo, ha, ig) for e-mails, SMS and WhatsApp",
    tag: "users",
    auth: "required",
    body: LanguageBody,
    response: LanguageAnswer,
  }),
  {
    method: "GET",
    path: "/users/:userId/export/",
    // Only the person themselves: nobody, not even an admin, downloads someone's whole file.
    access: "self-only",
    async handler(ctx) {
      const data = await personalData(ctx.db, ctx.intParam("userId"));
      if (!data) throw notFound();
      return json(data, 200, { "Cache-Control": "private, no-store" });
    },
    summary:
      "Download my data: account, addresses, orders with items, payments, reviews, wishlist, cart, newsletter consent, notifications, store memberships (no password hash, no tokens)",
    tag: "users",
    auth: "required",
    response: PersonalDataSchema,
  },
  route({
    method: "POST",
    path: "/users/:userId/delete/",
    access: "self-only",
    async handler(ctx) {
      const id = ctx.intParam("userId");
      const body = await ctx.input();
      const row = await ctx.db.query<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL", [id]);
      if (!(await checkPassword(row.rows[0]?.password_hash ?? null, body.password))) throw badRequest({ password: [DELETE_ACCOUNT_MESSAGES.wrongPassword] });
      const blocker = await deletionBlocker(ctx.db, id);
      if (blocker) throw badRequest({ non_field_errors: [blocker] });
      await ctx.db.tx(async (tx) => {
        // Checked again inside the transaction: an order placed meanwhile blocks it too.
        const late = await deletionBlocker(tx, id);
        if (late) throw badRequest({ non_field_errors: [late] });
        await deleteAccount(tx, id);
      });
      log().info({ userId: id, requestId: ctx.requestId }, "account deleted (anonymised)");
      return noContent();
    },
    summary:
      "Delete my account (password and confirm: true). Ends every session, removes addresses, wishlist, cart, notifications, newsletter subscription and store memberships; keeps orders with personal fields removed and reviews under 'Former customer'. Refused (400) while the caller owns a store or has an order on its way",
    tag: "users",
    auth: "required",
    body: DeleteAccountBody,
    status: 204,
  }),
];

