/** Without zod, so the browser may import it (docs/architecture.md, Forms). */
/** The API's answer to a correct password on an unconfirmed address. */
export const EMAIL_NOT_VERIFIED_MESSAGE = "E-mail is not verified.";
