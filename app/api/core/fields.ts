/**
 * zod fields for ids in request bodies: the shared ones of app/domain/validation.ts
 * (client-safe: schemas.ts files import these and the storefront imports those files' types).
 */
export { INT_ID_MESSAGE, idLike, intIdField } from "~/domain/validation";
