/**
 * The messages a page was rendered with, handed to the browser inline so hydration uses exactly
 * the server's texts without another request (entry.client.tsx reads them before hydrating).
 * Namespaces a later page needs are fetched then (`/language/{lang}/{ns}`, see ./browser-translator).
 */
import type { Lang } from "./languages";
import { useTranslator } from "./react";

export const PAGE_MESSAGES_ID = "i18n-messages";

export interface PageMessages {
  lang: Lang;
  messages: Record<string, Record<string, unknown>>;
}

/** JSON that cannot end the script element it sits in. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function PageMessagesScript({ nonce }: { nonce?: string }) {
  // The server's: the page instance's namespaces but e-mails' and SMS'; the browser's: the same.
  const data = useTranslator().pageMessages();
  // The browser's copy re-renders the same element; its text is never run (JSON, not a script).
  return <script id={PAGE_MESSAGES_ID} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}
