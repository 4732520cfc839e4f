/**
 * /users/auth/*: request schemas (the shared account rules of app/domain/accounts.ts) and
 * response schemas with inferred answer types. No server imports.
 */
import * as z from "zod";

export {
  GoogleSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetSchema,
  RefreshSchema,
  RegisterSchema,
  VerifyEmailSchema,
} from "~/domain/accounts";

export const Detail = z.object({ detail: z.string() });
export const LoginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  access_expiration: z.string(),
  refresh_expiration: z.string(),
  user: z.object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() }),
});
export const RefreshResponse = z.object({ access: z.string(), refresh: z.string() });
export const CurrentUserSchema = z.object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() }).loose();

export type ApiDetail = z.infer<typeof Detail>;
export type ApiLogin = z.infer<typeof LoginResponse>;
export type ApiTokenRefresh = z.infer<typeof RefreshResponse>;
