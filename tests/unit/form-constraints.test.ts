/**
 * The storefront's forms (and the seller's and admin's forms that load their validators late) put
 * `required`/`pattern` on their inputs from constants written out in
 * app/components/ui/constraints.ts (so the page's first view carries no zod). They must stay what
 * conform derives from the schemas the actions validate with.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  BANK_ACCOUNT_CONSTRAINT,
  DELETE_ACCOUNT_CONSTRAINT,
  INVITE_MEMBER_CONSTRAINT,
  LOGIN_CONSTRAINT,
  NEWSLETTER_SEND_CONSTRAINT,
  PASSWORD_RESET_CONFIRM_CONSTRAINT,
  PASSWORD_RESET_CONSTRAINT,
  GUEST_LINK_CONSTRAINT,
  REGISTER_CONSTRAINT,
} from "~/components/ui/constraints";
import { LoginSchema, PasswordResetConfirmSchema, PasswordResetSchema, RegisterFormSchema } from "~/domain/accounts";
import { InviteMemberSchema } from "~/domain/members";
import { GuestLinkRequestSchema } from "~/domain/orders";
import { BankAccountSchema } from "~/domain/payouts";
import { DeleteAccountSchema, NewsletterSendSchema } from "~/domain/privacy";

describe("form constraints written out for the browser", () => {
  it.each([
    ["login", LOGIN_CONSTRAINT, LoginSchema],
    ["register", REGISTER_CONSTRAINT, RegisterFormSchema],
    ["forgot password / resend verification", PASSWORD_RESET_CONSTRAINT, PasswordResetSchema],
    ["a fresh guest order link", GUEST_LINK_CONSTRAINT, GuestLinkRequestSchema],
    ["reset password", PASSWORD_RESET_CONFIRM_CONSTRAINT, PasswordResetConfirmSchema],
    ["delete account", DELETE_ACCOUNT_CONSTRAINT, DeleteAccountSchema],
    ["store bank details", BANK_ACCOUNT_CONSTRAINT, BankAccountSchema],
    ["invite a store member", INVITE_MEMBER_CONSTRAINT, InviteMemberSchema],
    ["send the newsletter", NEWSLETTER_SEND_CONSTRAINT, NewsletterSendSchema],
  ] as const)("%s matches its schema", (_name, written, schema) => {
    expect(written).toEqual(getZodConstraint(schema));
  });
});
