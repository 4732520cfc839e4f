/** Native constraints of the phone sign-in forms (PhoneCodeRequestSchema, PhoneCodeVerifySchema in app/domain/phone.ts); no zod here (see ./ui/constraints.ts). */
export const PHONE_REQUEST_CONSTRAINT = {
  phone: { required: true },
} satisfies Record<string, { required: boolean; pattern?: string }>;

export const PHONE_VERIFY_CONSTRAINT = {
  phone: { required: true },
  code: { required: true, pattern: "\\d{6}" },
  first_name: { required: false },
} satisfies Record<string, { required: boolean; pattern?: string }>;
