/** Store members' messages and invitation lifetime, without zod so the browser may import them (docs/architecture.md, Forms); ./members.ts adds the invite schema and re-exports these. */

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
