import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createTestDatabase } from '../../test/test-app.js';
import {
  accountHistory,
  assetTotals,
  balance,
  createPending,
  getOrCreateAccount,
  ledgerErrorOf,
  postPending,
  transfer,
  voidPending,
} from './ledger.service.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const db = () => database.db;
let n = 0;
/** A funding account that may go negative and a fresh no-overdraft account, both USD. */
async function pair(fund = 0) {
  n++;
  const source = await getOrCreateAccount(db(), { kind: `test_source_${n}`, asset: 'USD', noOverdraft: false });
  const wallet = await getOrCreateAccount(db(), { kind: `test_wallet_${n}`, asset: 'USD', noOverdraft: true });
  if (fund > 0) await transfer(db(), { debitAccountId: source.id, creditAccountId: wallet.id, amount: fund, asset: 'USD', code: 'fund' });
  return { source: source.id, wallet: wallet.id };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const countTransfers = async () => {
  const result = (await db().execute(sql`select count(*)::int as n from ledger_transfers`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0].n);
};

async function expectBalanced() {
  for (const totals of Object.values(await assetTotals(db()))) expect(totals).toEqual({ posted: 0, pending: 0 });
}

describe('ledger accounts', () => {
  it('creates an account once, however many callers race for it', async () => {
    const spec = { kind: 'test_race', asset: 'CREDIT' as const, noOverdraft: true };
    const rows = await Promise.all(Array.from({ length: 20 }, () => getOrCreateAccount(db(), spec)));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    const other = await getOrCreateAccount(db(), { ...spec, asset: 'USD' });
    expect(other.id).not.toBe(rows[0].id);
  });
});

describe('posted transfers', () => {
  it('moves both balances and keeps every asset summing to zero', async () => {
    const { source, wallet } = await pair(500);
    expect(await balance(db(), wallet)).toMatchObject({ posted: 500, available: 500, creditsPosted: 500 });
    expect(await balance(db(), source)).toMatchObject({ posted: -500, debitsPosted: 500 });
    await expectBalanced();
  });

  it('refuses to overdraw a no-overdraft account and writes nothing', async () => {
    const { source, wallet } = await pair(300);
    const before = await countTransfers();
    const error = await rejection(transfer(db(), { debitAccountId: wallet, creditAccountId: source, amount: 301, asset: 'USD', code: 'spend' }));
    expect(error).toMatchObject({ code: 'VALIDATION', message: 'Insufficient balance' });
    expect(await countTransfers()).toBe(before);
    expect((await balance(db(), wallet)).available).toBe(300);
    await transfer(db(), { debitAccountId: wallet, creditAccountId: source, amount: 300, asset: 'USD', code: 'spend' });
    expect((await balance(db(), wallet)).available).toBe(0);
    await expectBalanced();
  });

  it('rejects amounts that are not positive whole cents and accounts of another asset', async () => {
    const { source, wallet } = await pair();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await rejection(transfer(db(), { debitAccountId: source, creditAccountId: wallet, amount, asset: 'USD', code: 'x' }));
    }
    await expect(transfer(db(), { debitAccountId: source, creditAccountId: wallet, amount: 5, asset: 'CREDIT', code: 'x' })).rejects.toThrow(/holds USD/);
    await expectBalanced();
  });

  it('keeps transfers immutable and the no-overdraft CHECK as the last line of defence', async () => {
    const { source, wallet } = await pair(100);
    await expect(db().execute(sql`update ledger_transfers set amount = 1 where debit_account_id = ${source}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_transfers where debit_account_id = ${source}`)).rejects.toThrow();
    const violation = await db()
      .execute(sql`update ledger_accounts set debits_posted = debits_posted + 101 where id = ${wallet}`)
      .then(() => undefined, (e: unknown) => e);
    expect(ledgerErrorOf(violation)).toMatchObject({ message: 'Insufficient balance' });
  });
});

describe('two-phase transfers', () => {
  it('holds, then posts part of the hold and gives the rest back', async () => {
    const { wallet } = await pair(1000);
    const escrow = (await getOrCreateAccount(db(), { kind: 'test_escrow', asset: 'USD', offerId: 1, noOverdraft: true })).id;
    const hold = await createPending(db(), { debitAccountId: wallet, creditAccountId: escrow, amount: 700, asset: 'USD', code: 'offer_hold', offerId: 1 });
    expect(await balance(db(), wallet)).toMatchObject({ posted: 1000, available: 300, debitsPending: 700 });
    await rejection(createPending(db(), { debitAccountId: wallet, creditAccountId: escrow, amount: 301, asset: 'USD', code: 'offer_hold' }));
    await rejection(postPending(db(), { pendingId: hold.id, amount: 701 }));

    const posted = await postPending(db(), { pendingId: hold.id, amount: 600, code: 'offer_release', description: 'Released' });
    expect(posted).toMatchObject({ flags: 'post_pending', pendingId: hold.id, amount: 600, offerId: 1 });
    expect(await balance(db(), wallet)).toMatchObject({ posted: 400, available: 400, debitsPending: 0 });
    expect(await balance(db(), escrow)).toMatchObject({ posted: 600, creditsPending: 0 });

    const again = await rejection(voidPending(db(), { pendingId: hold.id }));
    expect(again.code).toBe('INVALID_STATE');
    expect((await rejection(postPending(db(), { pendingId: posted.id }))).code).toBe('NOT_FOUND');
    await expectBalanced();

    // history: each entry is the change of the available balance; they add up to it
    const history = await accountHistory(db(), wallet);
    expect(history.map((e) => [e.code, e.amount])).toEqual([
      ['offer_release', 100],
      ['offer_hold', -700],
      ['fund', 1000],
    ]);
    expect(history.reduce((s, e) => s + e.amount, 0)).toBe(400);
  });

  it('voids a hold: the payer gets everything back, exactly once', async () => {
    const { wallet } = await pair(250);
    const escrow = (await getOrCreateAccount(db(), { kind: 'test_escrow', asset: 'USD', offerId: 2, noOverdraft: true })).id;
    const hold = await createPending(db(), { debitAccountId: wallet, creditAccountId: escrow, amount: 250, asset: 'USD', code: 'offer_hold' });
    expect((await balance(db(), wallet)).available).toBe(0);
    await voidPending(db(), { pendingId: hold.id, code: 'offer_void' });
    expect(await balance(db(), wallet)).toMatchObject({ available: 250, posted: 250, debitsPending: 0 });
    expect(await balance(db(), escrow)).toMatchObject({ posted: 0, creditsPending: 0 });
    expect((await rejection(postPending(db(), { pendingId: hold.id }))).code).toBe('INVALID_STATE');
    expect((await rejection(voidPending(db(), { pendingId: 999999 }))).code).toBe('NOT_FOUND');
    await expectBalanced();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('ledger under real concurrency (PostgreSQL only: PGlite runs one transaction at a time)', () => {
  it('settles a hold exactly once when posts and voids race', async () => {
    const { wallet } = await pair(1000);
    const escrow = (await getOrCreateAccount(db(), { kind: 'test_escrow', asset: 'USD', offerId: 3, noOverdraft: true })).id;
    const hold = await createPending(db(), { debitAccountId: wallet, creditAccountId: escrow, amount: 400, asset: 'USD', code: 'offer_hold' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? postPending(db(), { pendingId: hold.id }) : voidPending(db(), { pendingId: hold.id }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INVALID_STATE' });
    const w = await balance(db(), wallet);
    expect(w.debitsPending).toBe(0);
    expect([600, 1000]).toContain(w.posted);
    await expectBalanced();
  });

  it('never overdraws when many debits race for one balance', async () => {
    const { source, wallet } = await pair(500);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? createPending(db(), { debitAccountId: wallet, creditAccountId: source, amount: 100, asset: 'USD', code: 'hold' })
          : transfer(db(), { debitAccountId: wallet, creditAccountId: source, amount: 100, asset: 'USD', code: 'spend' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: 'Insufficient balance' });
    expect((await balance(db(), wallet)).available).toBe(0);
    await expectBalanced();
  });
});
