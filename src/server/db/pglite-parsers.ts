import { type PGlite, type QueryOptions, type Results, types } from '@electric-sql/pglite';

/**
 * The types drizzle reads as PostgreSQL's text (timestamps, dates, intervals, numeric arrays: its pglite
 * driver passes a parser for each with every query) and PGlite's own parsers would turn into Dates.
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182] as const;
const asText = (value: string) => value;

/**
 * Why drizzle's per-query parsers are taken off: PGlite merges a query's parsers into its own with an
 * object spread on every result, and its own hold one for each array type in the schema (hundreds), so
 * each statement paid about 0.25 ms of CPU for it, a tenth of the API tests' time on PGlite (measured
 * 2026-12-06 with a counter in PGlite's result parser: 7,000 statements, 1.8 s of 20 s). The same
 * parsers are set once on the instance instead, and drizzle sees a view of the client whose queries
 * carry none: what drizzle receives is unchanged.
 */
export function readTimesAsText(client: PGlite) {
  for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
}

type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/** The client as drizzle uses it: each query and each transaction's queries without per-query parsers. */
export function withoutQueryParsers<T extends Queryable>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (prop === 'transaction') {
        return <R>(work: (tx: Queryable) => Promise<R>) => target.transaction!((tx) => work(withoutQueryParsers(tx)));
      }
      // PGlite's methods read its private fields: called on the instance itself, not the view.
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const timeTypes = new Set<number>(TEXT_TYPES);

/**
 * For the job queue's library (pglite-pool.ts), which expects node-postgres's values: timestamps as
 * Dates. The columns of the text types in a result are parsed as PGlite would have by default.
 */
export function withDefaultTimeParsing<T>(result: Results<T>): Results<T> {
  const parsed = result.fields.filter((f) => timeTypes.has(f.dataTypeID) && types.parsers[f.dataTypeID]);
  if (parsed.length === 0 || result.rows.length === 0) return result;
  for (const row of result.rows as Record<string, unknown>[]) {
    for (const field of parsed) {
      const value = row[field.name];
      if (typeof value === 'string') row[field.name] = types.parsers[field.dataTypeID](value, field.dataTypeID);
    }
  }
  return result;
}
