import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents } from '../../../contract/money.js';
import { OFFER_MAX_CENTS, splitOffer } from '../../../contract/offer-fees.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';

// The fee rule and the money wording exist twice: in the contract (the web shows them) and in SQL
// (the offer's one call holds and words with them, migration 0008; settlement splits with them, 0013). Every amount an offer can have
// is checked here on PGlite and PostgreSQL, so the two cannot drift apart.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Every row is compared, but a disagreement is collected rather than asserted row by row: 171,000
// expect() calls were about a quarter of this file's time. One expect then shows every amount on which
// SQL and contract disagree.
const sameValues = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe('offer rules in SQL', () => {
  it('charge the same total and write the same money as the contract, for every amount an offer can have', async () => {
    const result = await database.db.execute(sql`
      select c, que_offer_total(c, 'service') as service, que_offer_total(c, 'restaurant') as restaurant,
             que_format_cents(c) as formatted, que_cents_decimal(c) as decimal
      from generate_series(0, ${OFFER_MAX_CENTS * 60}, 7) c`);
    const rows = rowsOf<{ c: number; service: number; restaurant: number; formatted: string; decimal: string }>(result);
    expect(rows.length).toBeGreaterThan(1000);
    const mismatches = rows.flatMap((r) => {
      const cents = Number(r.c);
      const fromSql = [Number(r.service), Number(r.restaurant), r.formatted, r.decimal];
      const contract = [splitOffer(cents, 'service').totalCents, splitOffer(cents, 'restaurant').totalCents, formatCents(cents), centsToDecimal(cents)];
      return sameValues(fromSql, contract) ? [] : [{ cents, fromSql, contract }];
    });
    expect(mismatches).toEqual([]);
  });

  it('split every price an offer can agree on as the contract does (what settlement pays out, migration 0013)', async () => {
    type Split = { total_cents: number; recipient_cents: number; business_fee_cents: number; platform_fee_cents: number };
    const result = await database.db.execute(sql`
      select c, to_jsonb(que_offer_split(c, 'service')) as service, to_jsonb(que_offer_split(c, 'restaurant')) as restaurant
      from generate_series(0, ${OFFER_MAX_CENTS}) c`);
    const rows = rowsOf<{ c: number; service: Split; restaurant: Split }>(result);
    expect(rows).toHaveLength(OFFER_MAX_CENTS + 1);
    const asSplit = (s: Split) => ({ totalCents: s.total_cents, recipientCents: s.recipient_cents, businessFeeCents: s.business_fee_cents, platformFeeCents: s.platform_fee_cents });
    const mismatches = rows.flatMap((r) => {
      const cents = Number(r.c);
      const fromSql = [asSplit(r.service), asSplit(r.restaurant)];
      const contract = [splitOffer(cents, 'service'), splitOffer(cents, 'restaurant')];
      const fields = (s: ReturnType<typeof asSplit>) => [s.totalCents, s.recipientCents, s.businessFeeCents, s.platformFeeCents];
      return sameValues(fromSql.flatMap(fields), contract.flatMap(fields)) ? [] : [{ cents, fromSql, contract }];
    });
    expect(mismatches).toEqual([]);
  });
});
