import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobProblems, unresolvedHolds } from '../../bench/fault-checks.js';
import { insertOffer, swapParties } from './features/payments/test-fixtures.js';
import { createTestApp, queryRows, type TestContext } from './test/test-app.js';

// The fault run's checks on card actions and jobs read them the way the payment jobs carry them out:
// a pending action is fine while its payment's job waits (a retry's backoff, a dead runner's lock
// not yet freed); it is a problem once that job is long due, or when it has no job at all.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false });
});
afterAll(() => ctx.close());

const db = { query: async (text: string) => ({ rows: await queryRows(ctx.database, text) }) };
const cardProblems = async () => (await unresolvedHolds(db, 7)).filter((problem) => problem.startsWith('payment action')).sort();
const paymentJobProblems = async () => (await jobProblems(db, 7)).filter((problem) => problem.includes('(payments_run)'));
const setJobTime = (offerId: number, at: string) =>
  queryRows(ctx.database, `update graphile_worker._private_jobs set run_at = ${at} where key = 'payments:offer:${offerId}'`);

describe('fault checks: card actions and their jobs', () => {
  it('passes over actions whose job waits, flags them once it is long due, and flags an action whose job is gone', async () => {
    const offerId = await insertOffer(ctx.database.db, await swapParties(ctx.app));
    const [capture] = await queryRows<{ id: number }>(ctx.database, `insert into payment_actions (kind, offer_id, amount_cents) values ('capture', ${offerId}, 2500) returning id`);
    await queryRows(ctx.database, `insert into payment_actions (kind, offer_id, amount_cents) values ('payout', ${offerId}, 2375)`);
    await setJobTime(offerId, `now() + interval '100 seconds'`);
    expect(await cardProblems()).toEqual([]);
    expect(await paymentJobProblems()).toEqual([]);

    await setJobTime(offerId, `now() - interval '60 seconds'`);
    const problems = await cardProblems();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^payment action ${capture.id} \\(capture\\) still pending, its job due since`));
    expect(await paymentJobProblems()).toEqual([expect.stringMatching(/never done$/)]);

    await queryRows(ctx.database, `delete from graphile_worker._private_jobs where key = 'payments:offer:${offerId}'`);
    expect((await cardProblems())[0]).toMatch(new RegExp(`^payment action ${capture.id} \\(capture\\) still pending, with no job to carry it out$`));
    expect(await paymentJobProblems()).toEqual([]);
  });
});
