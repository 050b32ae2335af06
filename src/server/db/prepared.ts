import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

interface SessionLike {
  client?: unknown;
}

const sessionOf = (db: Db) => (db as unknown as { session?: SessionLike }).session;

/** False when drizzle's internals changed and hot queries fall back to being built per call (a test watches this). */
export const preparesNamedStatements = (db: Db) => Boolean(sessionOf(db)?.client);

/**
 * A hot query built once instead of per call, and sent as a named prepared statement, so
 * PostgreSQL parses and plans it once per connection. Drizzle's query builder costs more CPU than
 * the round trip on the booking path. The query runs on whichever Db it is given: the pool, or the
 * caller's transaction. `build` must use placeholders (sql.placeholder) for every value.
 */
export function cachedQuery<R, V extends Record<string, unknown>>(name: string, build: (db: Db) => { prepare(name: string): Executable<R> }) {
  // One per driver (node-postgres, PGlite): the built query only differs in the client it talks to.
  const built = new Map<unknown, Executable<R>>();
  return (db: Db, values: V): Promise<R> => {
    const session = sessionOf(db);
    // Drizzle's prepared queries hold their session's client; without one, build as usual.
    if (!session?.client) return build(db).prepare(name).execute(values);
    let query = built.get(session.constructor);
    if (!query) {
      query = build(db).prepare(name);
      built.set(session.constructor, query);
    }
    if ((query as { client?: unknown }).client === session.client) return query.execute(values);
    // Same statement on this Db's client (a transaction's connection): a view with the client swapped.
    return (Object.create(query, { client: { value: session.client } }) as Executable<R>).execute(values);
  };
}

const dialect = new PgDialect();

/**
 * cachedQuery for a hand-written statement (db.execute has no prepare): `statement` uses
 * sql.placeholder for every value. Resolves to the driver's result, as db.execute does.
 */
export function cachedSql<V extends Record<string, unknown>>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return cachedQuery<unknown, V>(name, (db) => ({ prepare: (n) => db._.session.prepareQuery(query, undefined, n, false) }));
}
