/**
 * Product images: a scroll-snap strip of the photos, with thumbnails that are plain anchors to
 * each photo (#photo-N), so switching works without JavaScript. With it, a click scrolls only
 * the strip, not the page.
 */
import { useTranslation } from "~/i18n/react";
import { useRef, useState } from "react";
import { ResponsiveImage } from "~/components/product-card";

/** The strip's width: the page less its padding on phones, half the 2-column grid from md. */
export const GALLERY_SIZES = "(min-width: 1280px) 604px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 24px)";

export function Gallery({ images, name, lite }: { images: string[]; name: string; lite: boolean }) {
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const { t } = useTranslation("shop");
  const show = (i: number) => (e: React.MouseEvent) => {
    const el = strip.current;
    if (!el) return;
    e.preventDefault();
    el.scrollTo({ left: i * el.clientWidth, behavior: "smooth" });
    setActive(i);
  };
  return (
    <div>
      <div
        ref={strip}
        // A strip that scrolls sideways is reached and scrolled by keyboard too (axe: scrollable-region-focusable).
        role="region"
        aria-label={name}
        tabIndex={0}
        className="flex aspect-square snap-x snap-mandatory overflow-x-auto rounded-lg border border-gray-200 bg-white [scrollbar-width:none]"
        onScroll={(e) => setActive(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {images.map((url, i) => (
          <div key={url} id={`photo-${i + 1}`} className="aspect-square w-full shrink-0 snap-start">
            <ResponsiveImage
              url={url}
              alt={images.length > 1 ? t("product.photoOf", { name, n: i + 1, total: images.length }) : name}
              sizes={GALLERY_SIZES}
              widths={[320, 640, 960, 1280]}
              phoneWidths={[320, 640, 960]}
              priority={i === 0}
              lite={lite}
              className="h-full w-full object-contain"
            />
          </div>
        ))}
      </div>
      {images.length > 1 ? (
        <ul className="mt-2 flex gap-2" aria-label={t("product.photos")}>
          {images.map((url, i) => (
            <li key={url}>
              <a
                href={`#photo-${i + 1}`}
                onClick={show(i)}
                aria-label={t("product.showPhoto", { n: i + 1 })}
                aria-current={active === i ? "true" : undefined}
                className={`block h-16 w-16 overflow-hidden rounded border-2 ${active === i ? "border-brand-600" : "border-gray-200"}`}
              >
                <img src={`${url}${url.includes("?") ? "&" : "?"}w=160`} alt="" width={64} height={64} loading="lazy" decoding="async" className="h-full w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
