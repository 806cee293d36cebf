// Queries whose SQL text is built once per shape and isolate. Drizzle builds a page's SQL anew on
// every call, and for the paged lists that was the largest piece of JavaScript a request ran:
// about 0.27 ms of a lead, product or directory page's 0.55 ms (measured in Node on the
// bench:scale data), most of it in checking each piece of the query's type. A list's SQL text
// depends only on which of its filters are set and how it is sorted (its shape); the values go in
// as placeholders. The first request of a shape builds it with Drizzle as before, and every later
// one binds its values to the same text and maps the rows with the same Drizzle mapping.

import { fillPlaceholders, type Placeholder, type Query, sql } from 'drizzle-orm'
import { type Db, makeDb } from './client'

/** A value of a shaped query as its placeholder. */
export type Slot = Placeholder

/**
 * Collects a query's values while its inputs are turned into their shape: each value becomes a
 * placeholder named after it, so what is left of the inputs (the shape) holds no value at all.
 */
export class Slots {
  readonly values: Record<string, unknown> = {}

  of(name: string, value: unknown): Slot {
    if (name in this.values) throw new Error(`The slot ${name} is taken`)
    this.values[name] = value
    return sql.placeholder(name)
  }

  /** `of` for a value that may be absent (then it stays absent: that is part of the shape). */
  maybe(name: string, value: unknown): Slot | undefined {
    return value === undefined ? undefined : this.of(name, value)
  }

  /** Each value of a list (a cursor's sort values, a search's patterns). */
  each(name: string, values: ReadonlyArray<unknown>): Slot[] {
    return values.map((value, i) => this.of(`${name}${i}`, value))
  }
}

/** What a shape keeps: its SQL text and parameters (placeholders among them) and its row mapping. */
type Template = { text: string; params: unknown[]; map: (result: D1Result) => unknown[] }

// Bounded: a shape is a combination of a list's filters and sorts, a few hundred at most, and
// forgetting one only costs building it again.
const MAX_SHAPES = 500
const templates = new Map<string, Template>()

// Templates are built on a database that can only prepare: a template never runs, and it must not
// keep the request whose query first had the shape.
const building = makeDb({ prepare: () => ({}) } as unknown as D1Database)

/** A Drizzle select: it answers rows, and prepares into its SQL and the mapping of its result. */
type Preparable<Row> = PromiseLike<Row[]> & { prepare(): { getQuery(): Query; mapResult(response: unknown, isFromBatch?: boolean): unknown } }

/** A statement ready for the request's binding, and how to read its D1 result into rows. */
export type ShapedQuery<Row> = { statement: D1PreparedStatement; read: (result: D1Result) => Row[] }

/**
 * The query `build` writes for `inputs`, with the values `slots` collected for its placeholders.
 * `inputs` holds no values (they are Slots), so `build` can only write what they name, and the
 * inputs themselves (with `family`, which names the query) are the key its SQL text is kept under.
 */
export function shaped<Inputs, Row>(
  db: Db,
  family: string,
  inputs: Inputs,
  build: (db: Db, inputs: Inputs) => Preparable<Row>,
  slots: Slots,
): ShapedQuery<Row> {
  const shape = `${family}:${JSON.stringify(inputs)}`
  let template = templates.get(shape)
  if (!template) {
    const prepared = build(building, inputs).prepare()
    const query = prepared.getQuery()
    template = { text: query.sql, params: query.params, map: (result) => prepared.mapResult(result, true) as unknown[] }
    if (templates.size >= MAX_SHAPES) templates.clear()
    templates.set(shape, template)
  }
  const { text, params, map } = template
  return { statement: db.$client.prepare(text).bind(...fillPlaceholders(params, slots.values)), read: (result) => map(result) as Row[] }
}

type Rows<Q> = { [K in keyof Q]: Q[K] extends ShapedQuery<infer Row> ? Row[] : never }

/** Runs shaped queries in one D1 batch (one round trip, one transaction) and reads each one's rows. */
export async function batchShaped<Q extends readonly ShapedQuery<unknown>[]>(db: Db, queries: Q): Promise<Rows<Q>> {
  const results = await db.$client.batch(queries.map((q) => q.statement))
  return queries.map((q, i) => q.read(results[i])) as Rows<Q>
}
