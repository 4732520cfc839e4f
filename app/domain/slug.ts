/**
 * The one rule for slugs in URLs (stores' `/shop/{slug}`, categories' `/{slug}`): lower-case ASCII
 * words, accents dropped and "&" said as "and", joined by single dashes, at most `max` characters,
 * with no dash at either end (also after the cut). "" when nothing is left. Client-safe.
 */
export function slugify(text: string, max: number): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}
