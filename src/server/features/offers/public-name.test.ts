import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestContext } from '../../test/test-app.js';

// How one customer is named to another (que_public_name): first name and last initial, never more.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
}, 120_000);
afterAll(() => ctx.close());

describe('que_public_name', () => {
  it('keeps the first name and the initial of the last; nothing for no name', async () => {
    const cases: [string | null, string | null][] = [
      ['Alice Smith', 'Alice S.'],
      ['  Mary  Ann   de la cruz ', 'Mary C.'],
      ['Prince', 'Prince'],
      ['bob jones', 'bob J.'],
      ['', null],
      ['   ', null],
      [null, null],
    ];
    for (const [name, expected] of cases) {
      const [row] = await queryRows<{ n: string | null }>(ctx.database, `select que_public_name(${name === null ? 'null' : `'${name}'`}) as n`);
      expect(row.n, String(name)).toBe(expected);
    }
  });
});
