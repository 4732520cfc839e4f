/**
 * The account forms' rules (spec section 5), one zod schema per form, used by the API
 * (/users/auth/*) and by the storefront forms (conform) alike. Field names are the API's, so a
 * form posts exactly what the API takes. Client-safe: no server imports.
 */
import * as z from "zod";
import { NUL_MESSAGE, TEXT_MAX, hasNul } from "./text";
import { emailField, phoneField, requiredText } from "./validation";

/** An opaque string (token, key, uid, nonce): at most TEXT_MAX.token characters, no NUL. */
const anyOpaque = () =>
  z.string().max(TEXT_MAX.token, `Ensure this field has no more than ${TEXT_MAX.token} characters.`).refine((v) => !hasNul(v), NUL_MESSAGE);
/** The same, required. */
const opaque = (message = "This field is required.") =>
  z
    .string({ error: message })
    .min(1, message)
    .max(TEXT_MAX.token, `Ensure this field has no more than ${TEXT_MAX.token} characters.`)
    .refine((v) => !hasNul(v), NUL_MESSAGE);

export const PASSWORD_MESSAGES = {
  required: "Enter Password",
  min: "Password must be at least 8 characters long.",
  similar: "Password cannot be similar to the username or email.",
  mix: "Password should include letters, numbers, and special characters.",
  confirmRequired: "Password didn't match",
  mismatch: "Passwords do not match",
  resetRequired: "Please enter a password",
} as const;

const hasMix = (v: string) => /[A-Za-z]/.test(v) && /\d/.test(v) && /[^A-Za-z\d]/.test(v);

/** Equal to the e-mail address, or to its local part, ignoring case. */
export function similarToEmail(password: string, email: string | undefined): boolean {
  if (!email) return false;
  const p = password.trim().toLowerCase();
  const e = email.trim().toLowerCase();
  return p === e || (e.includes("@") && p === e.split("@")[0]);
}

/** The strength rules for a new password; `required` is the message for an empty field. */
export const newPasswordField = (required: string = PASSWORD_MESSAGES.required) =>
  // No `abort` here: an aborted issue would stop the form's cross-field checks (zod skips
  // `when` checks after an explicit abort). Each rule stays quiet when an earlier one speaks.
  z
    .string({ error: required })
    .min(1, required)
    .max(TEXT_MAX.password, "Password must be at most 128 characters long.")
    .refine((v) => !hasNul(v), NUL_MESSAGE)
    .refine((v) => v.length === 0 || v.length >= 8, PASSWORD_MESSAGES.min)
    .refine((v) => v.length < 8 || hasMix(v), PASSWORD_MESSAGES.mix);

const registerShape = /* @__PURE__ */ (() =>
  ({
    first_name: requiredText("Enter your first name", undefined, undefined, TEXT_MAX.name),
    last_name: requiredText("Enter your last name", undefined, undefined, TEXT_MAX.name),
    email: emailField(),
    phone: phoneField(),
    password1: newPasswordField(),
    password2: opaque(PASSWORD_MESSAGES.confirmRequired),
  }))();

type RegisterValues = { email?: unknown; password1?: unknown; password2?: unknown };
/**
 * Cross-field rules. They run even when other fields are invalid (`when`), so every message
 * shows at once; each only speaks when its own fields are present.
 */
function registerChecks(v: RegisterValues, ctx: z.RefinementCtx) {
  const p1 = typeof v.password1 === "string" ? v.password1 : "";
  const p2 = typeof v.password2 === "string" ? v.password2 : "";
  const email = typeof v.email === "string" ? v.email : undefined;
  if (p1.length >= 8 && similarToEmail(p1, email)) ctx.addIssue({ code: "custom", path: ["password1"], message: PASSWORD_MESSAGES.similar });
  if (p1 && p2 && p1 !== p2) ctx.addIssue({ code: "custom", path: ["password2"], message: PASSWORD_MESSAGES.mismatch });
}
const always = { when: () => true };

/** POST /users/auth/registration/ */
export const RegisterSchema = /* @__PURE__ */ (() =>
  z.object(registerShape).superRefine(registerChecks, always))();

/** The storefront's registration form: the API payload plus the newsletter box and the origin. */
export const RegisterFormSchema = /* @__PURE__ */ (() =>
  z
    .object({
      ...registerShape,
      newsletter: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
      redirectTo: z.string().optional(),
    })
    .superRefine(registerChecks, always))();

export const LoginSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailField(),
    password: z
      .string({ error: PASSWORD_MESSAGES.required })
      .min(1, PASSWORD_MESSAGES.required)
      .max(1000)
      .refine((v) => !hasNul(v), NUL_MESSAGE),
  }))();

export const PasswordResetSchema = /* @__PURE__ */ (() =>
  z.object({ email: emailField() }))();

/** new_password1 and new_password2 (reset and change) must be equal. */
function newPasswordsMatch(v: { new_password1?: unknown; new_password2?: unknown }, ctx: z.RefinementCtx) {
  const p1 = typeof v.new_password1 === "string" ? v.new_password1 : "";
  const p2 = typeof v.new_password2 === "string" ? v.new_password2 : "";
  if (p1 && p2 && p1 !== p2) ctx.addIssue({ code: "custom", path: ["new_password2"], message: PASSWORD_MESSAGES.confirmRequired });
}

export const PasswordResetConfirmSchema = /* @__PURE__ */ (() =>
  z
    .object({
      uid: opaque(),
      token: opaque(),
      new_password1: newPasswordField(PASSWORD_MESSAGES.resetRequired),
      new_password2: opaque(PASSWORD_MESSAGES.confirmRequired),
    })
    .superRefine(newPasswordsMatch, always))();

/** The answer to a wrong current password on a password change (Django's PasswordChangeForm). */
export const OLD_PASSWORD_WRONG_MESSAGE = "Your old password was entered incorrectly. Please enter it again.";

/** POST /users/auth/password/change/ (dj-rest-auth): the current password and the new one twice. */
export const PasswordChangeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      old_password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(1000),
      new_password1: newPasswordField(PASSWORD_MESSAGES.resetRequired),
      new_password2: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired),
    })
    .superRefine(newPasswordsMatch, always))();

export const VerifyEmailSchema = /* @__PURE__ */ (() =>
  z.object({ key: opaque() }))();
export const RefreshSchema = /* @__PURE__ */ (() =>
  z.object({ refresh: opaque() }))();
export const GoogleSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id_token: anyOpaque().optional(),
      access_token: anyOpaque().optional(),
      /** The nonce the storefront's code flow sent; checked against the ID token when given. */
      nonce: anyOpaque().optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.id_token) ctx.addIssue({ code: "custom", path: ["id_token"], message: "This field is required." });
    }))();

export { EMAIL_NOT_VERIFIED_MESSAGE } from "./account-messages";

/** The API's answer to a correct password on an account an administrator deactivated. */
export const ACCOUNT_DEACTIVATED_MESSAGE = "This account has been deactivated. Contact support@buildmart.ng if you think this is a mistake.";
