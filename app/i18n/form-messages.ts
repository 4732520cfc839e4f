/**
 * Form messages in the reader's language, without touching the API: the domain's zod schemas and
 * the API answer in English (the API contract), and the storefront shows those texts next to the
 * fields. Every known English message is an entry of messages/en/forms.json; its placeholders
 * (`{{max}}`) match the numbers and names inside a message, so "Ensure this field has no more
 * than 80 characters." is `max_length` with max = 80. An unknown message is shown as it came.
 *
 * Isomorphic and small: the shared error list (components/ui/error-list.tsx) uses it on every page.
 */
import en from "./messages/en/forms.json";
import { uiSpelling } from "~/domain/spelling";

interface Pattern {
  key: string;
  re: RegExp;
  names: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const PATTERNS: Pattern[] = Object.entries(en as Record<string, string>).map(([key, text]) => {
  const names: string[] = [];
  const source = text
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => (i % 2 ? (names.push(part), "(.+?)") : escape(part)))
    .join("");
  return { key, re: new RegExp(`^${source}$`), names };
});

/** The `forms` key of an English message and the values of its placeholders, or null when unknown. */
export function formMessageKey(message: string): { key: string; values: Record<string, string> } | null {
  const m = uiSpelling(message.trim());
  for (const p of PATTERNS) {
    const hit = p.re.exec(m);
    if (hit) return { key: p.key, values: Object.fromEntries(p.names.map((n, i) => [n, hit[i + 1]])) };
  }
  return null;
}

/**
 * A domain or API message in a translator's language (`forms`), for texts written on the server
 * (flash messages). `sayValue` words a placeholder's value in the language too (a shipment's
 * status inside a refusal: "This shipment is {{current}}...").
 */
export function sayFormMessage(
  t: (key: string, values?: Record<string, string>) => string,
  message: string,
  sayValue: (name: string, value: string) => string = (_, value) => value,
): string {
  const known = formMessageKey(message);
  return known ? t(known.key, Object.fromEntries(Object.entries(known.values).map(([name, value]) => [name, sayValue(name, value)]))) : message;
}
