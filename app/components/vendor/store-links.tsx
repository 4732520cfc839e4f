/** A store's website and social links (its public page). Only links the vendor gave; opened as external. */
import type { ApiPublicStore } from "~/storefront/api-types";

const LABELS = [
  ["website", "Website"],
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["x", "X"],
] as const;

/** Only http(s) links, and not the bare default addresses of the wizard. */
const usable = (v: string) => /^https?:\/\/[^\s]+$/i.test(v) && !/^https?:\/\/(www\.)?(facebook|instagram|x)\.com\/?$/i.test(v);

export function StoreLinks({ store }: { store: Pick<ApiPublicStore, "website" | "facebook" | "instagram" | "x"> }) {
  const links = LABELS.filter(([k]) => usable(store[k]));
  if (!links.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Store links" data-testid="store-links">
      {links.map(([k, label]) => (
        <li key={k}>
          <a href={store[k]} rel="noopener noreferrer nofollow" target="_blank" className="inline-block rounded-full border border-gray-300 px-3 py-1 text-sm text-brand-700 hover:bg-brand-50">
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}
