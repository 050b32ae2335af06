// DESIGN section 8: 200 concurrent bookings of one slot give exactly one 201 and 199 x 409, and
// the table never holds an overlap. Real HTTP against the app on 127.0.0.1, PostgreSQL underneath.
// Run: npx tsx bench/booking-contention.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS, BENCH_ROUNDS)
import pg from 'pg';
import { writeResult } from './results.js';
import { createBenchDatabase, createShop, httpClient, mapLimit, percentile, raceForSlot, register, round, startAppServer, weekdaySlots } from './booking-support.js';

const CLIENTS = Math.min(Number(process.env.BENCH_CLIENTS ?? 200), 1000);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 20);

const db = await createBenchDatabase('contention');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, CLIENTS);
let failed = false;
let roundsWithOneWinner = 0;
const answeredMs: number[] = [];
try {
  const shop = await createShop(http, `c${process.pid}`);
  console.log(`registering ${CLIENTS} customers…`);
  const customers = await mapLimit(Array.from({ length: CLIENTS }, (_, i) => i), 4, (i) => register(http, `contender_${process.pid}_${i}`, 'customer'));
  const slots = weekdaySlots();

  for (let r = 0; r < ROUNDS; r++) {
    const slot = slots[r * 3];
    // they all race for the same row
    const { results, taken, elapsed } = await raceForSlot(http, shop, customers, slot);
    const count = (status: number) => results.filter((x) => x.status === status).length;
    const other = results.filter((x) => x.status !== 201 && x.status !== 409).map((x) => `${x.status} ${x.body.slice(0, 120)}`);
    const ok = count(201) === 1 && taken === CLIENTS - 1 && other.length === 0;
    failed ||= !ok;
    if (ok) roundsWithOneWinner++;
    answeredMs.push(elapsed);
    const ms = results.map((x) => x.ms);
    console.log(
      `round ${r + 1}: ${slot.date} ${slot.time}  winners=${count(201)}  409 SLOT_TAKEN=${taken}  other=${other.length}  ` +
        `all answered in ${round(elapsed)} ms (p50 ${round(percentile(ms, 50))} ms, p99 ${round(percentile(ms, 99))} ms)  ${ok ? 'OK' : 'FAILED'}`,
    );
    for (const line of other.slice(0, 5)) console.log(`  unexpected: ${line}`);
  }

  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const overlaps = await check.query(`
    select count(*)::int as n from appointments a join appointments b
      on a.business_id = b.business_id and a.id < b.id
     and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(b.starts_at, b.ends_at, '[)')
    where a.exclusive and b.exclusive and a.status in ('confirmed', 'pending') and b.status in ('confirmed', 'pending')`);
  const booked = await check.query(`select count(*)::int as n from appointments`);
  const ledger = await check.query(`select asset, sum(credits_posted - debits_posted)::bigint as total from ledger_accounts group by asset`);
  await check.end();
  const overlapCount = overlaps.rows[0].n as number;
  failed ||= overlapCount !== 0 || booked.rows[0].n !== ROUNDS;
  console.log(`appointments in the table: ${booked.rows[0].n} (expected ${ROUNDS}); overlapping active pairs: ${overlapCount}`);
  console.log(`ledger totals per asset (must be 0): ${ledger.rows.map((r) => `${r.asset}=${r.total}`).join(', ')}`);
  const ledgerZero = ledger.rows.every((r) => Number(r.total) === 0);
  failed ||= !ledgerZero;
  writeResult(
    'booking-contention',
    [{ name: `${CLIENTS} concurrent bookings of one slot: rounds with exactly one 201 and ${CLIENTS - 1} × 409`, value: roundsWithOneWinner, unit: `of ${ROUNDS} rounds`, target: `${ROUNDS} of ${ROUNDS}`, met: roundsWithOneWinner === ROUNDS, detail: `all answered in ${answeredMs.map((ms) => round(ms)).join(' / ')} ms` }],
    { 'exactly one winner in every round': roundsWithOneWinner === ROUNDS, 'no overlapping active appointments': overlapCount === 0, 'ledger sums to zero per asset': ledgerZero },
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  http.close();
  await server.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
