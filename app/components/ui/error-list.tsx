/** A field's messages (./forms.tsx re-exports it); alone so the footer on every page loads only this. */
import { useTranslation } from "~/i18n/react";
import { formMessageKey } from "~/i18n/form-messages";
import { ErrorItems } from "./error-items";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * Messages come in English from the domain rules and the API; they are shown in the page's
 * language here, in one place, so every form is covered (unknown messages are shown as they are).
 */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const say = useFormMessage();
  return <ErrorItems id={id} errors={(errors ?? []).filter((e): e is string => !!e).map(say)} />;
}

/** Shows a domain or API message in the page's language (as is when it is not a known one). */
export function useFormMessage(): (message: string) => string {
  const { t, i18n } = useTranslation("forms");
  return (message: string) => {
    const known = formMessageKey(message);
    return known && i18n?.exists?.(known.key, { ns: "forms" }) ? t(known.key, known.values) : message;
  };
}
