/**
 * Store members: the invite form's rule and the messages the API and the
 * pages share (messages in ./member-rules.ts, re-exported).
 */
import * as z from "zod";
import { MEMBER_MESSAGES } from "./member-rules";
import { emailField } from "./validation";

export * from "./member-rules";

/** POST /stores/{storeId}/members/ and the Members page's invite form. */
export const InviteMemberSchema = z.object({
  email: emailField(MEMBER_MESSAGES.email, MEMBER_MESSAGES.emailInvalid),
});
export type InviteMember = z.output<typeof InviteMemberSchema>;
