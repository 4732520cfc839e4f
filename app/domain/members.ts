/**
 * Store members: the invite form's rule and the messages the API and the
 * pages share. Client-safe: no server imports.
 */
import * as z from "zod";
import { emailField } from "./validation";

/** How long an invitation link works after it was (re)sent. */
export const INVITATION_DAYS = 7;

export const MEMBER_MESSAGES = {
  email: "Enter the email of the person to invite",
  emailInvalid: "Enter a valid email address",
  alreadyMember: "This person is already a member of this store.",
  ownerCannotBeRemoved: "The store's owner cannot be removed.",
  expired: "This invitation has expired. Ask the store's owner to invite you again.",
  wrongUser: "This invitation was sent to another email address. Sign in with the address it was sent to, then accept it.",
} as const;

/** POST /stores/{storeId}/members/ and the Members page's invite form. */
export const InviteMemberSchema = z.object({
  email: emailField(MEMBER_MESSAGES.email, MEMBER_MESSAGES.emailInvalid),
});
export type InviteMember = z.output<typeof InviteMemberSchema>;
