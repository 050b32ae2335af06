import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents } from '../../../contract/money.js';
import { splitOffer } from '../../../contract/offer-fees.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';
import { RULES } from '../../../contract/rules.js';

// The fee rule and the money wording exist twice: in the contract (the web shows them) and in SQL
// (the offer's one call holds and words with them; settlement splits with them: offers/sql/offer-fees.sql). Every amount an offer can have
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
  it('write the same money as the contract, and charge the total of the split', async () => {
    // The wording for every sum an offer, a balance or earnings reach; que_offer_total for a sample
    // of prices (it is que_offer_split's total, which the next test checks for every price).
    const result = await database.db.execute(sql`
      select c, case when c % 13 = 0 and c <= ${RULES.offerMaxCents} then que_offer_total(c, 'service') end as service,
             case when c % 13 = 0 and c <= ${RULES.offerMaxCents} then que_offer_total(c, 'restaurant') end as restaurant,
             que_format_cents(c) as formatted, que_cents_decimal(c) as decimal
      from generate_series(0, ${RULES.offerMaxCents * 60}, 13) c`);
    const rows = rowsOf<{ c: number; service: number | null; restaurant: number | null; formatted: string; decimal: string }>(result);
    expect(rows.length).toBeGreaterThan(1000);
    const mismatches = rows.flatMap((r) => {
      const cents = Number(r.c);
      const priced = cents <= RULES.offerMaxCents;
      const fromSql = [r.service === null ? null : Number(r.service), r.restaurant === null ? null : Number(r.restaurant), r.formatted, r.decimal];
      const contract = [
        priced ? splitOffer(cents, 'service').totalCents : null,
        priced ? splitOffer(cents, 'restaurant').totalCents : null,
        formatCents(cents),
        centsToDecimal(cents),
      ];
      return sameValues(fromSql, contract) ? [] : [{ cents, fromSql, contract }];
    });
    expect(mismatches).toEqual([]);
  });

  it('split every price an offer can agree on as the contract does (what settlement pays out)', async () => {
    type Split = { total_cents: number; recipient_cents: number; business_fee_cents: number; platform_fee_cents: number };
    const result = await database.db.execute(sql`
      select c, to_jsonb(que_offer_split(c, 'service')) as service, to_jsonb(que_offer_split(c, 'restaurant')) as restaurant
      from generate_series(0, ${RULES.offerMaxCents}) c`);
    const rows = rowsOf<{ c: number; service: Split; restaurant: Split }>(result);
    expect(rows).toHaveLength(RULES.offerMaxCents + 1);
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
