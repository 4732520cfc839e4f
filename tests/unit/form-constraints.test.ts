/**
 * The storefront's forms put `required`/`pattern` on their inputs from constants written out in
 * app/components/ui/constraints.ts (so the browser bundle carries no zod). They must stay what
 * conform derives from the schemas the actions validate with.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  DELETE_ACCOUNT_CONSTRAINT,
  LOGIN_CONSTRAINT,
  PASSWORD_RESET_CONFIRM_CONSTRAINT,
  PASSWORD_RESET_CONSTRAINT,
  REGISTER_CONSTRAINT,
} from "~/components/ui/constraints";
import { LoginSchema, PasswordResetConfirmSchema, PasswordResetSchema, RegisterFormSchema } from "~/domain/accounts";
import { DeleteAccountSchema } from "~/domain/privacy";

describe("form constraints written out for the browser", () => {
  it.each([
    ["login", LOGIN_CONSTRAINT, LoginSchema],
    ["register", REGISTER_CONSTRAINT, RegisterFormSchema],
    ["forgot password / resend verification", PASSWORD_RESET_CONSTRAINT, PasswordResetSchema],
    ["reset password", PASSWORD_RESET_CONFIRM_CONSTRAINT, PasswordResetConfirmSchema],
    ["delete account", DELETE_ACCOUNT_CONSTRAINT, DeleteAccountSchema],
  ] as const)("%s matches its schema", (_name, written, schema) => {
    expect(written).toEqual(getZodConstraint(schema));
  });
});
