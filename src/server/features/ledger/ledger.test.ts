import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintOf } from '../../db/sql-state.js';
import { AppError } from '../../errors.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { creditOfferRow } from '../credits/test-fixtures.js';
import { accountMovements } from './ledger-history.js';
import { assetTotals, balanceOf, holdForOffer, ledgerAccount, postTransfer, resolveHold } from './test-ledger.js';

// The ledger's write path is SQL (que_ledger_account, que_ledger_transfer, que_offer_hold,
// que_ledger_resolve): these tests call those functions as the app's one-call use cases do.

let ctx: TestContext;
beforeAll(async () => {
  // No sweep may settle or expire the offers these tests hold money for.
  ctx = await createTestApp({ OFFER_SWEEPS: false, PAYMENT_WORKER: false });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let n = 0;
/** A funding account that may go negative and a fresh no-overdraft account, both USD. */
async function pair(fund = 0) {
  n++;
  const source = await ledgerAccount(db(), { kind: `test_source_${n}`, asset: 'USD', noOverdraft: false });
  const wallet = await ledgerAccount(db(), { kind: `test_wallet_${n}`, asset: 'USD', noOverdraft: true });
  if (fund > 0) await postTransfer(db(), { debit: source, credit: wallet, amount: fund, asset: 'USD', code: 'fund' });
  return { source, wallet };
}

/** An offer paid in Que Credit whose payer holds `credit` cents: holds are placed on it with que_offer_hold. */
async function creditOffer(credit: number) {
  const shop = await serviceBusiness(ctx.app);
  const [payer, payee] = [await signUp(ctx.app), await signUp(ctx.app)];
  const at = (time: string) => ({ businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time });
  const [from, to] = [await book(payer, at('15:00')), await book(payee, at('09:00'))];
  const offerId = await creditOfferRow(ctx.database, { fromUserId: payer.user.id, toUserId: payee.user.id, fromAppointmentId: from.json().id, toAppointmentId: to.json().id });
  const issuance = await ledgerAccount(db(), { kind: 'credit_issuance', asset: 'CREDIT', userId: payer.user.id, noOverdraft: false });
  const payerCredit = await ledgerAccount(db(), { kind: 'user_credit', asset: 'CREDIT', userId: payer.user.id, noOverdraft: true });
  await postTransfer(db(), { debit: issuance, credit: payerCredit, amount: credit, asset: 'CREDIT', code: 'test_grant' });
  const escrow = await ledgerAccount(db(), { kind: 'offer_escrow', asset: 'CREDIT', offerId, noOverdraft: true });
  return { offerId, issuance, payerCredit, escrow };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeDefined();
  return error;
}

const countTransfers = async () => Number((await queryRows<{ n: number }>(ctx.database, 'select count(*)::int as n from ledger_transfers'))[0].n);
const resolutionOf = async (pendingId: number) =>
  (await queryRows<{ id: number; flags: string; amount: number; offer_id: number | null }>(ctx.database, `select id, flags, amount::int as amount, offer_id from ledger_transfers where pending_id = ${pendingId}`))[0];

async function expectBalanced() {
  for (const totals of Object.values(await assetTotals(db()))) expect(totals).toEqual({ posted: 0, pending: 0 });
}

describe('ledger accounts (que_ledger_account)', () => {
  it('creates an account once, however many callers race for it', async () => {
    const spec = { kind: 'test_race', asset: 'CREDIT' as const, noOverdraft: true };
    const ids = await Promise.all(Array.from({ length: 20 }, () => ledgerAccount(db(), spec)));
    expect(new Set(ids).size).toBe(1);
    expect(await ledgerAccount(db(), { ...spec, asset: 'USD' })).not.toBe(ids[0]);
  });
});

describe('posted transfers (que_ledger_transfer)', () => {
  it('moves both balances and keeps every asset summing to zero', async () => {
    const { source, wallet } = await pair(500);
    expect(await balanceOf(db(), wallet)).toMatchObject({ posted: 500, available: 500, creditsPosted: 500 });
    expect(await balanceOf(db(), source)).toMatchObject({ posted: -500, debitsPosted: 500 });
    await expectBalanced();
  });

  it('refuses to overdraw a no-overdraft account and writes nothing', async () => {
    const { source, wallet } = await pair(300);
    const before = await countTransfers();
    const error = await rejection(postTransfer(db(), { debit: wallet, credit: source, amount: 301, asset: 'USD', code: 'spend' }));
    expect(constraintOf(error)).toBe('ledger_accounts_no_overdraft_check');
    expect(await countTransfers()).toBe(before);
    expect((await balanceOf(db(), wallet)).available).toBe(300);
    await postTransfer(db(), { debit: wallet, credit: source, amount: 300, asset: 'USD', code: 'spend' });
    expect((await balanceOf(db(), wallet)).available).toBe(0);
    await expectBalanced();
  });

  it('rejects amounts that are not positive whole cents and writes nothing', async () => {
    const { source, wallet } = await pair();
    const before = await countTransfers();
    for (const amount of [0, -5, 1.5, Number.NaN]) await rejection(postTransfer(db(), { debit: source, credit: wallet, amount, asset: 'USD', code: 'x' }));
    expect(await countTransfers()).toBe(before);
    expect(await balanceOf(db(), wallet)).toMatchObject({ posted: 0, available: 0 });
    await expectBalanced();
  });

  it('refuses a transfer in another asset than its accounts hold, and writes nothing', async () => {
    const { source, wallet } = await pair(300);
    const credit = await ledgerAccount(db(), { kind: 'test_credit', asset: 'CREDIT', userId: null, noOverdraft: false });
    const before = await countTransfers();
    // dollars into a credit account, and a USD pair booked as CREDIT
    const intoCredit = await rejection(postTransfer(db(), { debit: wallet, credit, amount: 100, asset: 'USD', code: 'x' }));
    expect(constraintOf(intoCredit)).toBe('ledger_transfers_credit_asset_fk');
    const wrongAsset = await rejection(postTransfer(db(), { debit: source, credit: wallet, amount: 100, asset: 'CREDIT', code: 'x' }));
    expect(constraintOf(wrongAsset)).toBe('ledger_transfers_debit_asset_fk');
    expect(await countTransfers()).toBe(before);
    expect((await balanceOf(db(), wallet)).available).toBe(300);
    await expectBalanced();
  });

  it('keeps transfers immutable and the no-overdraft CHECK as the last line of defence', async () => {
    const { source, wallet } = await pair(100);
    await expect(db().execute(sql`update ledger_transfers set amount = 1 where debit_account_id = ${source}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_transfers where debit_account_id = ${source}`)).rejects.toThrow();
    const violation = await rejection(db().execute(sql`update ledger_accounts set debits_posted = debits_posted + 101 where id = ${wallet}`));
    expect(constraintOf(violation)).toBe('ledger_accounts_no_overdraft_check');
  });
});

describe('two-phase transfers (que_offer_hold, que_ledger_resolve)', () => {
  it('holds, then posts part of the hold and gives the rest back', async () => {
    const { offerId, payerCredit, escrow } = await creditOffer(1000);
    const hold = await holdForOffer(db(), offerId, 700);
    expect(await balanceOf(db(), payerCredit)).toMatchObject({ posted: 1000, available: 300, debitsPending: 700 });
    expect(await balanceOf(db(), escrow)).toMatchObject({ posted: 0, creditsPending: 700 });
    const before = await countTransfers();
    expect(await rejection(holdForOffer(db(), offerId, 301))).toMatchObject({ code: 'INSUFFICIENT_CREDIT' });
    expect(await rejection(resolveHold(db(), hold, 701))).toMatchObject({ code: 'VALIDATION', message: 'Cannot post more than the held amount' });
    expect(await countTransfers()).toBe(before);

    await resolveHold(db(), hold, 600, { code: 'offer_release', description: 'Released' });
    const posted = await resolutionOf(hold);
    expect(posted).toMatchObject({ flags: 'post_pending', amount: 600, offer_id: offerId });
    expect(await balanceOf(db(), payerCredit)).toMatchObject({ posted: 400, available: 400, debitsPending: 0 });
    expect(await balanceOf(db(), escrow)).toMatchObject({ posted: 600, creditsPending: 0 });

    // Settled exactly once: a second resolution meets the unique pending_id; a resolution is no hold.
    expect(constraintOf(await rejection(resolveHold(db(), hold, 0)))).toBe('ledger_transfers_pending_resolution_key');
    const notAHold = await rejection(resolveHold(db(), posted.id, 0));
    expect(notAHold).toBeInstanceOf(AppError);
    expect(notAHold).toMatchObject({ code: 'NOT_FOUND' });
    await expectBalanced();

    // What the credit screen reads: each movement with how it ended; the posted ones add up to the balance.
    const { items: movements } = await accountMovements(db(), payerCredit, { limit: 100 });
    expect(movements.filter((m) => m.code !== 'earned_booking').map((m) => [m.code, m.amount, m.status, m.description])).toEqual([
      ['offer_hold', -600, 'posted', 'Released'],
      ['test_grant', 1000, 'posted', ''],
    ]);
    expect(movements.filter((m) => m.status === 'posted').reduce((sum, m) => sum + m.amount, 0)).toBe(400);
  });

  it('voids a hold: the payer gets everything back, exactly once', async () => {
    const { offerId, payerCredit, escrow } = await creditOffer(250);
    const hold = await holdForOffer(db(), offerId, 250);
    expect((await balanceOf(db(), payerCredit)).available).toBe(0);
    await resolveHold(db(), hold, 0, { code: 'offer_void' });
    expect(await resolutionOf(hold)).toMatchObject({ flags: 'void_pending', amount: 250 });
    expect(await balanceOf(db(), payerCredit)).toMatchObject({ available: 250, posted: 250, debitsPending: 0 });
    expect(await balanceOf(db(), escrow)).toMatchObject({ posted: 0, creditsPending: 0 });
    expect(constraintOf(await rejection(resolveHold(db(), hold, 250)))).toBe('ledger_transfers_pending_resolution_key');
    expect(await rejection(resolveHold(db(), 999999, 0))).toMatchObject({ code: 'NOT_FOUND' });
    await expectBalanced();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('ledger under real concurrency (PostgreSQL only: PGlite runs one transaction at a time)', () => {
  it('settles a hold exactly once when posts and voids race', async () => {
    const { offerId, payerCredit } = await creditOffer(1000);
    const hold = await holdForOffer(db(), offerId, 400);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => resolveHold(db(), hold, i % 2 ? 400 : 0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(constraintOf(r.reason)).toBe('ledger_transfers_pending_resolution_key');
    const b = await balanceOf(db(), payerCredit);
    expect(b.debitsPending).toBe(0);
    expect([600, 1000]).toContain(b.posted);
    await expectBalanced();
  });

  it('never overdraws when many holds and spends race for one balance', async () => {
    const { offerId, issuance, payerCredit } = await creditOffer(500);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? holdForOffer(db(), offerId, 100) : postTransfer(db(), { debit: payerCredit, credit: issuance, amount: 100, asset: 'CREDIT', code: 'spend' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason instanceof AppError ? r.reason.code : constraintOf(r.reason)).toMatch(/^(INSUFFICIENT_CREDIT|ledger_accounts_no_overdraft_check)$/);
    }
    expect((await balanceOf(db(), payerCredit)).available).toBe(0);
    await expectBalanced();
  });
});
