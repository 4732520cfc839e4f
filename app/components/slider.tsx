/**
 * The home banner slider: a CSS scroll-snap row that works without JavaScript (swipe, or the dot
 * links). With JavaScript it advances every 5 s (spec section 9), pauses while hovered or
 * focused, and stays still when the shopper asks to save data or to reduce motion.
 */
import { useTranslation } from "~/i18n/react";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";

export interface Slide {
  id: string;
  to: string;
  content: ReactNode;
  className: string;
  label: string;
}

export const SLIDE_INTERVAL_MS = 5000;

export function Slider({ slides, autoplay }: { slides: Slide[]; autoplay: boolean }) {
  const row = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const { t } = useTranslation("shop");
  const paused = useRef(false);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const onScroll = () => setActive(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el || !autoplay || slides.length < 2) return;
    const nav = navigator as Navigator & { connection?: { saveData?: boolean } };
    if (nav.connection?.saveData || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      if (paused.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
    }, SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [autoplay, slides.length]);

  const go = (i: number) => (e: React.MouseEvent) => {
    const el = row.current;
    if (!el) return;
    e.preventDefault();
    el.scrollTo({ left: i * el.clientWidth, behavior: "smooth" });
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.promotions")}
      className="relative"
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <div ref={row} id="home-slider" className="flex snap-x snap-mandatory overflow-x-auto rounded-xl [scrollbar-width:none]">
        {slides.map((s, i) => (
          <Link
            key={s.id}
            id={s.id}
            to={s.to}
            aria-label={s.label}
            aria-roledescription="slide"
            data-slide={i}
            className={`relative flex min-h-40 w-full shrink-0 snap-start flex-col justify-center p-6 text-white sm:min-h-56 ${s.className}`}
          >
            {s.content}
          </Link>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-2 flex justify-center gap-2">
        {slides.map((s, i) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            onClick={go(i)}
            aria-label={t("home.showSlide", { n: i + 1, total: slides.length })}
            aria-current={active === i ? "true" : undefined}
            className={`h-2.5 w-2.5 rounded-full border border-white ${active === i ? "bg-white" : "bg-white/40"}`}
          />
        ))}
      </div>
    </section>
  );
}
