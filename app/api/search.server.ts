/**
 * Catalogue search: the shopper's words become a PostgreSQL tsquery over products.search_vector
 * (name, category path, description; migration 0002). A word of the vocabulary is matched as a
 * whole (stemmed) word, any other as a prefix. A word that is neither a known word nor
 * the start of one is widened with its closest known spellings (pg_trgm similarity against the
 * search_words vocabulary), so 'cemnt' finds cement and 'roffing sheet' finds roofing sheets.
 * The same SQL runs on PGlite and on PostgreSQL.
 */
import type { Queryable } from "~/db/client.server";

/** At most this many words of a query are used. */
const MAX_TERMS = 8;
/** Closest spellings tried for an unknown word. */
const MAX_CORRECTIONS = 3;

/** Lower-case words of a query (letters and digits only, so they are safe inside a tsquery). */
export function searchTerms(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const words = raw
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export interface SearchPlan {
  /** Terms joined with AND (every word must match, in any field). */
  all: string;
  /** Terms joined with OR, the fallback when no product has every word. */
  any: string;
  terms: string[];
  /** One tsquery group per term (the term as a prefix, or it OR its corrections). */
  groups: string[];
  /** Unknown words and the spellings they were widened with. */
  corrections: Record<string, string[]>;
  /**
   * Per group, the one lexeme it is (a whole vocabulary word without corrections: 'dangote' is
   * 'dangot'), or null (a prefix, a word with corrections). A lexeme group can drive a walk of
   * the product_words postings (migration 0019), newest product first.
   */
  lexemes: Array<string | null>;
}

/** Builds the tsquery text for to_tsquery('english', ...) from a query, or null when it has no words. */
export async function planSearch(q: Queryable, raw: string | null | undefined): Promise<SearchPlan | null> {
  const terms = searchTerms(raw);
  if (terms.length === 0) return null;
  const long = terms.filter((t) => t.length >= 3);
  const corrections: Record<string, string[]> = {};
  const whole = new Set<string>();
  const lexemeOf = new Map<string, string>();
  if (long.length) {
    const r = await q.query<{ term: string; exact: boolean; known: boolean; near: string[]; lexemes: string[] }>(
      `SELECT t.term, tsvector_to_array(to_tsvector('english'::regconfig, t.term)) AS lexemes,
              EXISTS (SELECT 1 FROM search_words w WHERE w.word = t.term) AS exact,
              EXISTS (SELECT 1 FROM search_words w WHERE w.word LIKE t.term || '%') AS known,
              ARRAY(SELECT w.word FROM search_words w WHERE w.word % t.term
                     ORDER BY similarity(w.word, t.term) DESC, w.word LIMIT ${MAX_CORRECTIONS}) AS near
         FROM unnest($1::text[]) AS t(term)`,
      [long],
    );
    for (const row of r.rows) {
      if (row.exact) whole.add(row.term);
      if (row.exact && row.lexemes.length === 1) lexemeOf.set(row.term, row.lexemes[0]);
      else if (!row.known && row.near.length) corrections[row.term] = row.near;
    }
  }
  const groups = terms.map((t) => {
    // A whole word of the vocabulary is matched as itself (stemmed: "sheet" finds "sheets"); any
    // other as a prefix ("cem" finds cement). A prefix makes the GIN index gather every word
    // that starts with it, and is several times slower for a common word at scale.
    const alts = [whole.has(t) ? t : `${t}:*`, ...(corrections[t] ?? [])];
    return alts.length === 1 ? alts[0] : `(${alts.join(" | ")})`;
  });
  const lexemes = terms.map((t) => (whole.has(t) && !corrections[t] ? (lexemeOf.get(t) ?? null) : null));
  return { all: groups.join(" & "), any: groups.join(" | "), terms, groups, corrections, lexemes };
}

/** SQL for the rank of a product (alias `p`) against tsquery parameter $n: name matches weigh most. */
export const rankSql = (n: number, p = "p") => `ts_rank('{0.05, 0.2, 0.4, 1.0}'::float4[], ${p}.search_vector, to_tsquery('english'::regconfig, $${n}))`;
export const matchSql = (n: number) => `p.search_vector @@ to_tsquery('english'::regconfig, $${n})`;
