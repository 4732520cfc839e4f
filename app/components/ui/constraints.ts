/**
 * The native constraints (`required`, `pattern`) of the storefront's forms (and of the seller's
 * and admin's forms, which load their validators late: ./late-validation.ts), as conform's
 * `getZodConstraint` derives them from the domain schemas, written out so that no zod is in a
 * page's first view: the action validates with the schema (`parseWithZod`, `submission.reply()`) and conform
 * shows its errors next to the fields. `tests/unit/form-constraints.test.ts` keeps every object
 * here equal to `getZodConstraint(schema)`. No imports: this file must stay free of zod.
 */
type Constraints = Record<string, { required: boolean; pattern?: string }>;

/** LoginSchema (app/domain/accounts.ts). */
export const LOGIN_CONSTRAINT = {
  email: { required: true },
  password: { required: true },
} satisfies Constraints;

/** RegisterFormSchema. */
export const REGISTER_CONSTRAINT = {
  first_name: { required: true },
  last_name: { required: true },
  email: { required: true },
  phone: { required: true },
  password1: { required: true },
  password2: { required: true },
  newsletter: { required: false },
  redirectTo: { required: false },
} satisfies Constraints;

/** PasswordResetSchema (forgot password, and resending the verification e-mail). */
export const PASSWORD_RESET_CONSTRAINT = {
  email: { required: true },
} satisfies Constraints;

/** PasswordResetConfirmSchema. */
export const PASSWORD_RESET_CONFIRM_CONSTRAINT = {
  uid: { required: true },
  token: { required: true },
  new_password1: { required: true },
  new_password2: { required: true },
} satisfies Constraints;

/** DeleteAccountSchema (app/domain/privacy.ts). */
export const DELETE_ACCOUNT_CONSTRAINT = {
  password: { required: true },
  confirm: { required: true },
} satisfies Constraints;

/** BankAccountSchema (app/domain/payouts.ts): the store's bank details. */
export const BANK_ACCOUNT_CONSTRAINT = {
  bank_code: { required: true },
  account_number: { required: true },
} satisfies Constraints;

/** InviteMemberSchema (app/domain/members.ts): a store's invite form. */
export const INVITE_MEMBER_CONSTRAINT = {
  email: { required: true },
} satisfies Constraints;

/** NewsletterSendSchema (app/domain/privacy.ts): the admin's "Send newsletter" form. */
export const NEWSLETTER_SEND_CONSTRAINT = {
  subject: { required: true },
  text: { required: true },
  idempotency_key: { required: true },
} satisfies Constraints;

/** GuestLinkRequestSchema (app/domain/orders.ts): "Send me a fresh link" of a guest's order. */
export const GUEST_LINK_CONSTRAINT = {
  order_number: { required: true },
  contact: { required: true },
} satisfies Constraints;
