/**
 * Catalogue search: the shopper's words become a PostgreSQL tsquery over products.search_vector
 * (name, category path, description; migration 0002). A word of the vocabulary is matched as a
 * whole (stemmed) word, any other as a prefix. A word that is neither a known word nor
 * the start of one is widened with its closest known spellings (pg_trgm similarity against the
 * search_words vocabulary), so 'cemnt' finds cement and 'roffing sheet' finds roofing sheets.
 * Each group also gets the exact set of lexemes it matches in the postings (product_words,
 * migration 0019), so a search can walk them newest first (catalog/queries.server, rankedSearch).
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
   * Per group, exactly the lexemes a product must have one of to match it, or null when that set
   * is unknown or too broad. A whole vocabulary word is its one lexeme ('dangote' is 'dangot');
   * a prefix or a typo is every lexeme of the postings (product_words, migration 0019) that
   * starts with it, at most MAX_PREFIX_LEXEMES, plus its corrections' lexemes ('cemnt' is
   * cement's). A group with a set can drive a walk of the postings, newest product first.
   */
  postings: Array<string[] | null>;
}

/** A prefix that starts more lexemes of the catalogue than this is too broad to walk. */
const MAX_PREFIX_LEXEMES = 16;

/** Builds the tsquery text for to_tsquery('english', ...) from a query, or null when it has no words. */
export async function planSearch(q: Queryable, raw: string | null | undefined): Promise<SearchPlan | null> {
  const terms = searchTerms(raw);
  if (terms.length === 0) return null;
  const corrections: Record<string, string[]> = {};
  // Per term: its lexemes as to_tsquery stems it; whether it is a whole word of the vocabulary,
  // or the start of one; its closest spellings and their lexemes; and, for a term matched as a
  // prefix, the lexemes of the postings that start with it (one index descent each: a loose
  // index scan of product_words, stopped after MAX_PREFIX_LEXEMES + 1).
  const r = await q.query<{ term: string; exact: boolean; known: boolean; near: string[]; lexemes: string[]; near_lexemes: string[]; prefixed: string[] | null }>(
    `SELECT c.*, ARRAY(SELECT DISTINCT x FROM unnest(c.near) AS n(w), unnest(tsvector_to_array(to_tsvector('english'::regconfig, n.w))) AS x) AS near_lexemes
       FROM (SELECT b.*,
                    CASE WHEN length(b.term) >= 3 AND NOT b.known THEN ARRAY(SELECT w.word FROM search_words w WHERE w.word % b.term
                           ORDER BY similarity(w.word, b.term) DESC, w.word LIMIT ${MAX_CORRECTIONS}) ELSE '{}' END AS near,
                    CASE WHEN NOT b.exact AND cardinality(b.lexemes) = 1 THEN ARRAY(
                      WITH RECURSIVE s(word) AS (
                        SELECT min(word) FROM product_words WHERE word >= b.lexemes[1]
                        UNION ALL
                        SELECT (SELECT min(word) FROM product_words WHERE word > s.word) FROM s WHERE starts_with(s.word, b.lexemes[1])
                      )
                      SELECT word::text FROM s WHERE starts_with(word, b.lexemes[1]) LIMIT ${MAX_PREFIX_LEXEMES + 1}) END AS prefixed
               FROM (SELECT t.term, tsvector_to_array(to_tsvector('english'::regconfig, t.term)) AS lexemes,
                            length(t.term) >= 3 AND EXISTS (SELECT 1 FROM search_words w WHERE w.word = t.term) AS exact,
                            length(t.term) >= 3 AND EXISTS (SELECT 1 FROM search_words w WHERE w.word LIKE t.term || '%') AS known
                       FROM unnest($1::text[]) AS t(term)) b) c`,
    [terms],
  );
  const info = new Map(r.rows.map((row) => [row.term, row]));
  for (const row of r.rows) {
    if (row.near.length) corrections[row.term] = row.near;
  }
  const groups = terms.map((t) => {
    // A whole word of the vocabulary is matched as itself (stemmed: "sheet" finds "sheets"); any
    // other as a prefix ("cem" finds cement). A prefix makes the GIN index gather every word
    // that starts with it, and is several times slower for a common word at scale.
    const alts = [info.get(t)?.exact ? t : `${t}:*`, ...(corrections[t] ?? [])];
    return alts.length === 1 ? alts[0] : `(${alts.join(" | ")})`;
  });
  const postings = terms.map((t): string[] | null => {
    const row = info.get(t);
    if (!row || row.lexemes.length !== 1) return null; // a stop word, or a term the parser splits
    if (row.exact) return [row.lexemes[0]];
    if (!row.prefixed || row.prefixed.length > MAX_PREFIX_LEXEMES) return null;
    return [...new Set([...row.prefixed, ...row.near_lexemes])]; // near_lexemes: its corrections' (none without)
  });
  return { all: groups.join(" & "), any: groups.join(" | "), terms, groups, corrections, postings };
}

/** SQL for the rank of a product (alias `p`) against tsquery parameter $n: name matches weigh most. */
export const rankSql = (n: number, p = "p") => `ts_rank('{0.05, 0.2, 0.4, 1.0}'::float4[], ${p}.search_vector, to_tsquery('english'::regconfig, $${n}))`;
export const matchSql = (n: number) => `p.search_vector @@ to_tsquery('english'::regconfig, $${n})`;
