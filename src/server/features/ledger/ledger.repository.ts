import { and, asc, desc, eq, inArray, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { cachedQuery, cachedSql } from '../../db/prepared.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema.js';

export type Asset = 'USD' | 'CREDIT';
export type TransferFlags = 'single' | 'pending' | 'post_pending' | 'void_pending';

export interface AccountKey {
  kind: string;
  asset: Asset;
  userId?: number | null;
  businessId?: number | null;
  offerId?: number | null;
}

export interface AccountRow {
  id: number;
  kind: string;
  asset: string;
  userId: number | null;
  businessId: number | null;
  offerId: number | null;
  noOverdraft: boolean;
  debitsPending: number;
  debitsPosted: number;
  creditsPending: number;
  creditsPosted: number;
}

export interface BalanceDelta {
  debitsPending?: number;
  debitsPosted?: number;
  creditsPending?: number;
  creditsPosted?: number;
}

export type NewTransfer = typeof ledgerTransfers.$inferInsert;
export type TransferRow = typeof ledgerTransfers.$inferSelect;

const accountColumns = {
  id: ledgerAccounts.id,
  kind: ledgerAccounts.kind,
  asset: ledgerAccounts.asset,
  userId: ledgerAccounts.userId,
  businessId: ledgerAccounts.businessId,
  offerId: ledgerAccounts.offerId,
  noOverdraft: ledgerAccounts.noOverdraft,
  debitsPending: ledgerAccounts.debitsPending,
  debitsPosted: ledgerAccounts.debitsPosted,
  creditsPending: ledgerAccounts.creditsPending,
  creditsPosted: ledgerAccounts.creditsPosted,
};

// Same expressions as the unique index ledger_accounts_owner_key, so the lookup uses it.
const byKey = (key: { kind: string | Placeholder; asset: string | Placeholder; userId: number | Placeholder; businessId: number | Placeholder; offerId: number | Placeholder }) =>
  and(
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.asset, key.asset),
    sql`coalesce(${ledgerAccounts.userId}, 0) = ${key.userId}`,
    sql`coalesce(${ledgerAccounts.businessId}, 0) = ${key.businessId}`,
    sql`coalesce(${ledgerAccounts.offerId}, 0) = ${key.offerId}`,
  );

export async function findAccountByKey(db: Db, key: AccountKey): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(ledgerAccounts).where(byKey(withOwners(key))).limit(1);
  return row ?? null;
}

const placeholderKey = (i: number) => ({
  kind: sql.placeholder(`kind${i}`),
  asset: sql.placeholder(`asset${i}`),
  userId: sql.placeholder(`userId${i}`),
  businessId: sql.placeholder(`businessId${i}`),
  offerId: sql.placeholder(`offerId${i}`),
});

// Every booking looks up its user's pair of credit accounts: the 1- and 2-key lookups are built once.
const accountsByKeys = [1, 2].map((n) =>
  cachedQuery(`ledger_accounts_by_${n}_keys`, (db) =>
    db
      .select(accountColumns)
      .from(ledgerAccounts)
      .where(or(...Array.from({ length: n }, (_, i) => byKey(placeholderKey(i))))),
  ),
);

/** Several accounts in one round trip (missing ones are simply absent). */
export async function findAccountsByKeys(db: Db, keys: AccountKey[]): Promise<AccountRow[]> {
  const cached = accountsByKeys[keys.length - 1];
  if (!cached) return db.select(accountColumns).from(ledgerAccounts).where(or(...keys.map((key) => byKey(withOwners(key)))));
  const values: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    const k = withOwners(key);
    Object.assign(values, { [`kind${i}`]: k.kind, [`asset${i}`]: k.asset, [`userId${i}`]: k.userId, [`businessId${i}`]: k.businessId, [`offerId${i}`]: k.offerId });
  });
  return cached(db, values);
}

/** Absent owners as 0, the way the unique index spells them. */
const withOwners = (key: AccountKey) => ({ kind: key.kind, asset: key.asset, userId: key.userId ?? 0, businessId: key.businessId ?? 0, offerId: key.offerId ?? 0 });

export async function findAccountById(db: Db, id: number): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
  return row ?? null;
}

/** Inserts unless the account already exists (a concurrent creator wins quietly). */
export async function insertAccountIfMissing(db: Db, key: AccountKey & { noOverdraft: boolean }): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({
      kind: key.kind,
      asset: key.asset,
      userId: key.userId ?? null,
      businessId: key.businessId ?? null,
      offerId: key.offerId ?? null,
      noOverdraft: key.noOverdraft,
    })
    .onConflictDoNothing();
}

/** Row locks in id order: every ledger writer takes them in that order, so they cannot deadlock. */
export async function lockAccounts(db: Db, ids: number[]): Promise<AccountRow[]> {
  return db.select(accountColumns).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)).orderBy(asc(ledgerAccounts.id)).for('no key update');
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const deltaFields = ['debitsPending', 'debitsPosted', 'creditsPending', 'creditsPosted'] as const;

function applyDeltasSql(deltas: { id: number | Placeholder; delta: { [F in keyof BalanceDelta]: number | Placeholder } }[], asset: Asset | Placeholder) {
  const change = (field: keyof BalanceDelta) =>
    sql.join(
      [sql`case a.id`, ...deltas.map((d) => sql`when ${d.id}::int then ${d.delta[field] ?? 0}::bigint`), sql`else 0::bigint end`],
      sql` `,
    );
  const ids = sql.join(
    deltas.map((d) => sql`${d.id}::int`),
    sql`, `,
  );
  return sql`
    update ledger_accounts a set
      debits_pending = a.debits_pending + ${change('debitsPending')},
      debits_posted = a.debits_posted + ${change('debitsPosted')},
      credits_pending = a.credits_pending + ${change('creditsPending')},
      credits_posted = a.credits_posted + ${change('creditsPosted')}
    from (select id from ledger_accounts where id in (${ids}) order by id for no key update) locked
    where a.id = locked.id and a.asset = ${asset}
    returning a.id`;
}

// Every transfer moves two accounts: that statement is built once.
const placeholderDelta = (i: number) => ({
  id: sql.placeholder(`id${i}`),
  delta: Object.fromEntries(deltaFields.map((f) => [f, sql.placeholder(`${f}${i}`)])) as { [F in keyof BalanceDelta]: Placeholder },
});
const applyTwoDeltas = cachedSql('ledger_apply_two_deltas', applyDeltasSql([placeholderDelta(0), placeholderDelta(1)], sql.placeholder('asset')));

/**
 * Moves the balances of several accounts of one asset in a single statement. The rows are locked
 * in id order first (the sub-select), so concurrent transfers cannot deadlock; the no-overdraft
 * CHECK fails the whole statement, never half of it. Returns the ids that were updated.
 */
export async function applyDeltas(db: Db, asset: Asset, deltas: { id: number; delta: BalanceDelta }[]): Promise<number[]> {
  let result: unknown;
  if (deltas.length === 2) {
    const values: Record<string, unknown> = { asset };
    deltas.forEach((d, i) => {
      values[`id${i}`] = d.id;
      for (const f of deltaFields) values[`${f}${i}`] = d.delta[f] ?? 0;
    });
    result = await applyTwoDeltas(db, values);
  } else {
    result = await db.execute(applyDeltasSql(deltas, asset));
  }
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

const transferColumns = ['debitAccountId', 'creditAccountId', 'amount', 'asset', 'flags', 'pendingId', 'code', 'description', 'appointmentId', 'offerId'] as const;

// Every transfer has this shape (the id and created_at come from their defaults): built once.
const insertTransferRow = cachedQuery('ledger_insert_transfer', (db) =>
  db
    .insert(ledgerTransfers)
    .values(Object.fromEntries(transferColumns.map((c) => [c, sql.placeholder(c)])) as unknown as NewTransfer)
    .returning(),
);

export async function insertTransfer(db: Db, values: NewTransfer): Promise<TransferRow> {
  if (Object.keys(values).some((key) => !(transferColumns as readonly string[]).includes(key))) {
    const [row] = await db.insert(ledgerTransfers).values(values).returning();
    return row;
  }
  const [row] = await insertTransferRow(db, {
    ...values,
    pendingId: values.pendingId ?? null,
    description: values.description ?? '',
    appointmentId: values.appointmentId ?? null,
    offerId: values.offerId ?? null,
  });
  return row;
}

export async function findTransfer(db: Db, id: number): Promise<TransferRow | null> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id)).limit(1);
  return row ?? null;
}

export async function findTransfers(db: Db, filter: { appointmentId?: number; offerId?: number; code?: string; accountId?: number }): Promise<TransferRow[]> {
  return db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        filter.appointmentId !== undefined ? eq(ledgerTransfers.appointmentId, filter.appointmentId) : undefined,
        filter.offerId !== undefined ? eq(ledgerTransfers.offerId, filter.offerId) : undefined,
        filter.code !== undefined ? eq(ledgerTransfers.code, filter.code) : undefined,
        filter.accountId !== undefined
          ? or(eq(ledgerTransfers.debitAccountId, filter.accountId), eq(ledgerTransfers.creditAccountId, filter.accountId))
          : undefined,
      ),
    )
    .orderBy(asc(ledgerTransfers.id));
}

const pendingTransfer = alias(ledgerTransfers, 'pending_transfer');

/** Every transfer touching an account, newest first, with the amount of the hold it resolves. */
export async function listAccountTransfers(db: Db, accountId: number, limit: number) {
  return db
    .select({
      id: ledgerTransfers.id,
      debitAccountId: ledgerTransfers.debitAccountId,
      creditAccountId: ledgerTransfers.creditAccountId,
      amount: ledgerTransfers.amount,
      flags: ledgerTransfers.flags,
      pendingAmount: pendingTransfer.amount,
      code: ledgerTransfers.code,
      description: ledgerTransfers.description,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .leftJoin(pendingTransfer, eq(pendingTransfer.id, ledgerTransfers.pendingId))
    .where(or(eq(ledgerTransfers.debitAccountId, accountId), eq(ledgerTransfers.creditAccountId, accountId)))
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(limit);
}

const resolution = alias(ledgerTransfers, 'resolution');

/**
 * The transfers that start a movement of an account (posted ones and holds), newest first; a hold
 * comes with the transfer that resolved it, if any (at most one: pending_id is unique).
 */
export async function listAccountMovements(db: Db, accountId: number, limit: number) {
  return db
    .select({
      id: ledgerTransfers.id,
      debitAccountId: ledgerTransfers.debitAccountId,
      creditAccountId: ledgerTransfers.creditAccountId,
      amount: ledgerTransfers.amount,
      flags: ledgerTransfers.flags,
      code: ledgerTransfers.code,
      description: ledgerTransfers.description,
      createdAt: ledgerTransfers.createdAt,
      resolutionFlags: resolution.flags,
      resolutionAmount: resolution.amount,
      resolutionDescription: resolution.description,
    })
    .from(ledgerTransfers)
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(
      and(
        or(eq(ledgerTransfers.debitAccountId, accountId), eq(ledgerTransfers.creditAccountId, accountId)),
        inArray(ledgerTransfers.flags, ['single', 'pending']),
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(limit);
}

/** What the holds tagged with this offer still keep back in one asset: pending transfers nobody has resolved yet. */
export async function unresolvedHoldsOfOffer(db: Db, offerId: number, asset: Asset): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)` })
    .from(ledgerTransfers)
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(and(eq(ledgerTransfers.offerId, offerId), eq(ledgerTransfers.asset, asset), eq(ledgerTransfers.flags, 'pending'), isNull(resolution.id)));
  return Number(row?.total ?? 0);
}

/** Per asset: what all accounts add up to (zero in a consistent ledger). */
export async function assetTotals(db: Db) {
  return db
    .select({
      asset: ledgerAccounts.asset,
      posted: sql<string>`coalesce(sum(${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted}), 0)`,
      pending: sql<string>`coalesce(sum(${ledgerAccounts.creditsPending} - ${ledgerAccounts.debitsPending}), 0)`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.asset);
}
