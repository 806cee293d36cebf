// How the lists' search text becomes a query of the FTS5 tables (migrations: products_search,
// marketers_search, leads_search, all with the trigram tokenizer).
//
// Text of 3 characters or more goes through the index as one quoted phrase: with trigrams a phrase
// is a case-insensitive substring match, and quoting makes FTS5 syntax (`"`, `*`, `NEAR(`, `OR`,
// `col:`) plain text. Shorter text has no trigram to look up, so it is matched with LIKE over the
// same indexed text: the same containment (case folded for ASCII letters only), at the cost of
// reading the search table's rows. Products, whose search box is the busiest, keep their one- and
// two-character pieces in product_grams (migration product_grams), so a short product search is a
// lookup too (productSearch).

/** Characters (code points) a term needs before the trigram index can answer it. */
export const INDEXED_MIN_CHARS = 3

/** One filter: `text` must be contained in one of `columns` of the search table. */
export type SearchTerm = { columns: readonly string[]; text: string }

/** Several terms that all must hold. */
export type SearchFilter = { all: SearchTerm[] }

const isIndexed = (text: string) => [...text].length >= INDEXED_MIN_CHARS

/** The text as one FTS5 phrase: double quotes doubled, nothing else is special inside quotes. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`

const scoped = (term: SearchTerm) => `{${term.columns.join(' ')}} : ${ftsPhrase(term.text)}`

/** `%text%` for `LIKE ... ESCAPE '\'`, with the wildcards and the escape character taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export type SearchPlan = {
  /** An FTS5 MATCH expression, or null when no term is long enough for the index. */
  match: string | null
  /** Terms for LIKE: each entry is a list of (column, pattern) of which one must match. */
  like: Array<Array<{ column: string; pattern: string }>>
}

/** Splits the filter's terms between the index (3+ characters) and LIKE (1-2 characters). */
export function planSearch(filter: SearchFilter): SearchPlan {
  const matches: string[] = []
  const like: SearchPlan['like'] = []
  for (const term of filter.all) {
    if (isIndexed(term.text)) matches.push(scoped(term))
    else like.push(term.columns.map((column) => ({ column, pattern: likePattern(term.text) })))
  }
  return { match: matches.length > 0 ? matches.join(' AND ') : null, like }
}

/** A product search: the trigram plan for 3+ characters, else the short text to look up in product_grams. */
export type ProductSearch = { plan: SearchPlan } | { gram: string }

/** The product lists' `q` (every searchable column of a product) as a lookup in one of its indexes. */
export function productSearch(text: string, columns: readonly string[]): ProductSearch {
  return isIndexed(text) ? { plan: planSearch({ all: [{ columns, text }] }) } : { gram: text }
}

/**
 * The one trigram that stands for an account in leads_search's `vendor` and `marketer` columns
 * (migration lead_search_owners writes the same in SQL): millions, thousands and units of the id as
 * one CJK character each (U+4E00-U+9FFF for every id below 2 x 10^10). Matching it with the search
 * text lets the index keep the caller's own leads.
 */
export function ownerToken(id: number): string {
  const BASE = 0x4e00
  return String.fromCodePoint(BASE + Math.floor(id / 1_000_000), BASE + (Math.floor(id / 1000) % 1000), BASE + (id % 1000))
}
