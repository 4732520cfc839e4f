/**
 * The create-store wizard's server helpers (routes/_vendor+/create-store.tsx): the API's image
 * messages in the reader's language (`seller:wizard`), said here rather than in the shared form
 * messages (`forms`, whose English table rides on every page's first view). A `.server` module so
 * the route's browser build never evaluates the API's upload module.
 */
import { UPLOAD_MESSAGES } from "~/api/stores/uploads.server";
import { IMAGE_MESSAGES } from "~/domain/product-rules";

const IMAGE_KEYS: Record<string, string> = {
  [IMAGE_MESSAGES.type]: "wizard.imageType",
  [IMAGE_MESSAGES.size]: "wizard.imageSize",
  [IMAGE_MESSAGES.required]: "wizard.imageRequired",
  [IMAGE_MESSAGES.duplicate]: "wizard.imageDuplicate",
  [UPLOAD_MESSAGES.invalid]: "wizard.uploadExpired",
};

/** Each known image message in `t`'s language (a `seller` translator); others as they came. */
export const sayImage = (t: (key: string) => string, messages: string[]): string[] => messages.map((m) => (IMAGE_KEYS[m] ? t(IMAGE_KEYS[m]) : m));
