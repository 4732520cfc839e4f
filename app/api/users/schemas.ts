/** Users: response schemas and inferred answer types. No server imports. */
import * as z from "zod";

export const UserSchema = z.object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() });
export type ApiUser = z.infer<typeof UserSchema>;
