/**
 * The components' translation hooks: `useTranslation(ns)` and `<Trans>`, the same surface as
 * react-i18next's (which components used before), over a Translator given by the entry:
 *
 * - on the server, an adapter over the page's i18next instance (./i18next-translator.server), so
 *   the server's texts are i18next's own;
 * - in the browser, the small translator over the page's inline messages (./browser-translator),
 *   so no i18next ships to the browser (docs/decisions/0019-a-small-translator-in-the-browser.md).
 *
 * `<Trans>` (a message with tags) is in ./trans: its parser is not needed by the pages that do
 * not use it, so it stays out of the shell's JavaScript.
 */
import { createContext, useContext, useMemo } from "react";
import type { PageMessages } from "./page-messages";
import type { TOptions } from "./translate";

export type { TOptions } from "./translate";

/** A `t` bound to a namespace (react-i18next's `useTranslation(ns).t`). */
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions | string): string;
  ns?: string | readonly string[];
}

export interface Translator {
  readonly language: string;
  /** `t` looking keys up in `ns`. */
  getFixedT(ns: string): TFunction;
  /** Whether the key has a message (i18next's `exists`). */
  exists(key: string, options?: TOptions): boolean;
  /** `{{name}}` of `text` from `data` (what `<Trans>` does to a message's text once more). */
  interpolate(text: string, data: Record<string, unknown>): string;
  /** Null when the namespaces' messages are here; else a promise kept once they are (a component suspends on it). */
  load(namespaces: readonly string[]): Promise<unknown> | null;
  /** The messages the page was rendered with, for the browser (./page-messages). */
  pageMessages(): PageMessages;
}

const TranslatorContext = createContext<Translator | null>(null);

export const TranslatorProvider = TranslatorContext.Provider;

export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation outside a TranslatorProvider (entry.server / entry.client give one)");
  return translator;
}

export const DEFAULT_NS = "common";

/**
 * `t` for `ns` (the first one when several; all are loaded), and the page's language. In the
 * browser a namespace the page did not bring is fetched first, the component suspending meanwhile
 * (a client navigation keeps the previous page on screen until the texts are there).
 */
export function useTranslation(ns?: string | readonly string[]) {
  const translator = useTranslator();
  const namespaces = ns === undefined ? [DEFAULT_NS] : typeof ns === "string" ? [ns] : ns;
  const first = namespaces[0] ?? DEFAULT_NS;
  const t = useMemo(() => translator.getFixedT(first), [translator, first]);
  const i18n = useMemo(() => ({ language: translator.language, exists: (key: string, options?: TOptions) => translator.exists(key, options) }), [translator]);
  const pending = translator.load(namespaces);
  if (pending) throw pending;
  return { t, i18n, ready: true as const };
}
