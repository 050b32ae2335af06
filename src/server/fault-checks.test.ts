import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unresolvedHolds } from '../../bench/fault-checks.js';
import { insertOffer, swapParties } from './features/payments/test-fixtures.js';
import { createTestApp, queryRows, type TestContext } from './test/test-app.js';

// The fault run's "no hold past its deadline" check reads card actions the way the payment worker
// takes them: in order per payment and per offer. A worker killed mid-call leaves its action leased
// (run_after in the future) and the next one on that offer waiting behind it; only the first counts.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false });
});
afterAll(() => ctx.close());

const check = () => unresolvedHolds({ query: async (text) => ({ rows: await queryRows(ctx.database, text) }) }, 7);
const cardProblems = async () => (await check()).filter((problem) => problem.startsWith('payment action'));

describe('fault check: card actions past their deadline', () => {
  it('passes over an action queued behind a leased one, and flags the first once its lease has run out', async () => {
    const offerId = await insertOffer(ctx.database.db, await swapParties(ctx.app));
    const [leased] = await queryRows<{ id: number }>(ctx.database, `insert into payment_actions (kind, offer_id, amount_cents, attempts, run_after)
      values ('capture', ${offerId}, 2500, 1, now() + interval '100 seconds') returning id`);
    const [queued] = await queryRows<{ id: number }>(ctx.database, `insert into payment_actions (kind, offer_id, amount_cents, run_after)
      values ('payout', ${offerId}, 2375, now() - interval '60 seconds') returning id`);
    expect(await cardProblems()).toEqual([]);

    await queryRows(ctx.database, `update payment_actions set run_after = now() - interval '60 seconds' where id = ${leased.id}`);
    const problems = await cardProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^payment action ${leased.id} \\(capture\\)`));

    await queryRows(ctx.database, `update payment_actions set status = 'done', done_at = now() where id = ${leased.id}`);
    expect((await cardProblems())[0]).toMatch(new RegExp(`^payment action ${queued.id} \\(payout\\)`));
  });
});
