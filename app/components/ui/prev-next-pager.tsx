/**
 * Previous / next page links (see PrevNextPager), beside ./pagination's numbered
 * pager. Kept apart so its users do not load the numbered pager.
 */
import { useTranslation } from "~/i18n/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export interface PrevNextPagerProps {
  /** The page shown (the list's last loaded page where several are shown). */
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The link to page `p`; default `?page=p`, page 1 the bare `?`. */
  hrefFor?: (p: number) => string;
  /** The previous and next links when they are not hrefFor(page ∓ 1) (a grid that loaded several pages). */
  previousHref?: string;
  nextHref?: string;
  /** What the pager says about where the reader is (default "Page N"); null: nothing. */
  status?: ReactNode;
  /** "between" (default): previous, status, next, an empty span holding a missing link's place; "before": status, then the links there are. */
  layout?: "between" | "before";
  /** Shown with neither link too (default: nothing then). */
  always?: boolean;
  /** The nav's aria-label (default "Pages", translated). */
  label?: string;
  className?: string;
  /** The links' classes (default "btn-outline"; "": none). */
  linkClassName?: string;
  previousText?: ReactNode;
  nextText?: ReactNode;
  /** rel="prev" / rel="next" on the links (default true). */
  rel?: boolean;
}

/**
 * Previous / "Page N" / Next links for a list paged by the API's `previous`/`next` (no page count
 * needed). Plain links: it works without JavaScript. The vendor, admin and listing pages give it
 * their own words and classes; the links are the same kind everywhere.
 */
export function PrevNextPager({
  page,
  hasPrevious,
  hasNext,
  hrefFor = (p) => (p === 1 ? "?" : `?page=${p}`),
  previousHref,
  nextHref,
  status,
  layout = "between",
  always = false,
  label,
  className = "flex items-center justify-between text-sm",
  linkClassName = "btn-outline",
  previousText,
  nextText,
  rel = true,
}: PrevNextPagerProps) {
  const { t } = useTranslation();
  if (!hasPrevious && !hasNext && !always) return null;
  const where = status === undefined ? <span className="text-gray-600">{t("pager.page", { page })}</span> : status;
  const previous = hasPrevious ? (
    <Link to={previousHref ?? hrefFor(page - 1)} rel={rel ? "prev" : undefined} className={linkClassName || undefined}>
      {previousText ?? <>← {t("pager.previous")}</>}
    </Link>
  ) : null;
  const next = hasNext ? (
    <Link to={nextHref ?? hrefFor(page + 1)} rel={rel ? "next" : undefined} className={linkClassName || undefined}>
      {nextText ?? <>{t("pager.next")} →</>}
    </Link>
  ) : null;
  return (
    <nav aria-label={label ?? t("pager.pages")} className={className}>
      {layout === "before" ? (
        <>
          {where}
          {previous}
          {next}
        </>
      ) : (
        <>
          {previous ?? <span />}
          {where}
          {next ?? <span />}
        </>
      )}
    </nav>
  );
}

/** The returns lists' pager (vendor and admin): Previous and Next buttons, nothing between. */
export function ButtonsPager(props: Pick<PrevNextPagerProps, "page" | "hasPrevious" | "hasNext" | "hrefFor">) {
  return <PrevNextPager {...props} layout="before" status={null} label="Pages" className="flex gap-2" previousText="Previous" nextText="Next" rel={false} />;
}

/** The payout ledgers' pager (vendor and admin): ← Newer, "Page N of M", Older → (nothing with one page). */
export function LedgerPager({ page, pages, hrefFor, label }: { page: number; pages: number; hrefFor: (p: number) => string; label: string }) {
  if (pages <= 1) return null;
  return (
    <PrevNextPager
      page={page}
      hasPrevious={page > 1}
      hasNext={page < pages}
      hrefFor={hrefFor}
      always
      status={
        <span>
          Page {page} of {pages}
        </span>
      }
      label={label}
      className="mt-2 flex justify-between text-sm"
      linkClassName=""
      previousText="← Newer"
      nextText="Older →"
      rel={false}
    />
  );
}
