/**
 * Share a product: "Share on WhatsApp" is a plain link to wa.me with the
 * product's name and absolute URL (no JavaScript); "Copy link" is a read-only field holding the URL
 * (select and copy by hand without JavaScript) and, once the page is interactive, a button that
 * puts it on the clipboard.
 */
import { useTranslation } from "~/i18n/react";
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

export const whatsappShareUrl = (name: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`;

export function ShareLinks({ name, url }: { name: string; url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation("shop");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section aria-labelledby="share-h" className="mt-4">
      <h2 id="share-h" className="text-sm font-semibold">
        {t("share.heading")}
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <a href={whatsappShareUrl(name, url)} target="_blank" rel="noopener noreferrer" className="btn bg-green-700 text-white hover:bg-green-800" data-testid="share-whatsapp">
          {t("share.whatsapp")}
        </a>
        {hydrated ? (
          <button type="button" onClick={copy} className="btn-outline" aria-live="polite">
            {copied ? t("share.copied") : t("share.copy")}
          </button>
        ) : null}
      </div>
      <label htmlFor="share-url" className="mt-2 block text-xs text-gray-600">
        {t("share.link")}
      </label>
      <input id="share-url" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="mt-0.5 w-full rounded-md border border-gray-300 bg-gray-50 px-2 py-1.5 text-sm" data-testid="share-url" />
    </section>
  );
}
