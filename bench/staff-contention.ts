// DESIGN section 9: N concurrent bookings of one time at a shop with K free members give exactly
// min(N, K). 200 "anyone" bookings (no staffId) of one time at a shop with 3 members, over real HTTP
// against the app on 127.0.0.1 with PostgreSQL underneath, in several rounds: every round exactly
// 3 × 201 (one per member) and 197 × 409 SLOT_TAKEN, and the rows show no member booked twice.
// Run: npx tsx bench/staff-contention.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS, BENCH_ROUNDS)
import pg from 'pg';
import { writeResult } from './results.js';
import { createBenchDatabase, createShop, httpClient, mapLimit, percentile, raceForSlot, register, round, startAppServer, weekdaySlots } from './booking-support.js';

const CLIENTS = Math.min(Number(process.env.BENCH_CLIENTS ?? 200), 1000);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 10), 20);
const MEMBERS = 3;

const db = await createBenchDatabase('staff');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, CLIENTS);
const check = new pg.Client({ connectionString: db.url });
await check.connect();
let failed = false;
let goodRounds = 0;
const answeredMs: number[] = [];
try {
  const shop = await createShop(http, `s${process.pid}`);
  // The business's trigger made its first member; two more on the business's hours, every service.
  // Written as rows: the owner's staff routes are not what is measured here.
  await check.query(`insert into staff_members (business_id, name, position) values ($1, 'Second', 2), ($1, 'Third', 3)`, [shop.businessId]);
  const members = (await check.query(`select id from staff_members where business_id = $1 and active order by position`, [shop.businessId])).rows.map((r) => r.id as number);
  if (members.length !== MEMBERS) throw new Error(`expected ${MEMBERS} members, found ${members.length}`);
  console.log(`registering ${CLIENTS} customers…`);
  const customers = await mapLimit(Array.from({ length: CLIENTS }, (_, i) => i), 4, (i) => register(http, `staffrace_${process.pid}_${i}`, 'customer'));
  const slots = weekdaySlots();

  for (let r = 0; r < ROUNDS; r++) {
    const slot = slots[r * 3];
    // All race for the same time, none names a member.
    const { results, taken, elapsed } = await raceForSlot(http, shop, customers, slot);
    const won = results.filter((x) => x.status === 201).map((x) => JSON.parse(x.body) as { staffId: number; staffRequested: boolean });
    const other = results.filter((x) => x.status !== 201 && x.status !== 409).map((x) => `${x.status} ${x.body.slice(0, 120)}`);
    const servedBy = new Set(won.map((w) => w.staffId));
    const ok = won.length === MEMBERS && servedBy.size === MEMBERS && won.every((w) => !w.staffRequested) && taken === CLIENTS - MEMBERS && other.length === 0;
    failed ||= !ok;
    if (ok) goodRounds++;
    answeredMs.push(elapsed);
    const ms = results.map((x) => x.ms);
    console.log(
      `round ${r + 1}: ${slot.date} ${slot.time}  201=${won.length} (members ${[...servedBy].join(',')})  409 SLOT_TAKEN=${taken}  other=${other.length}  ` +
        `all answered in ${round(elapsed)} ms (p50 ${round(percentile(ms, 50))} ms, p99 ${round(percentile(ms, 99))} ms)  ${ok ? 'OK' : 'FAILED'}`,
    );
    for (const line of other.slice(0, 5)) console.log(`  unexpected: ${line}`);
  }

  // The rows themselves: one booking per member per round's time, and no member in two places.
  const doubled = await check.query(`
    select count(*)::int as n from appointments a join appointments b
      on a.business_id = b.business_id and a.staff_id = b.staff_id and a.id < b.id
     and tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(b.blocked_starts_at, b.blocked_ends_at, '[)')
    where a.occupies and b.occupies`);
  const perTime = await check.query(`
    select starts_at, count(*)::int as n, count(distinct staff_id)::int as members from appointments
     where business_id = $1 and status = 'confirmed' group by starts_at order by starts_at`, [shop.businessId]);
  const booked = await check.query(`select count(*)::int as n from appointments`);
  const ledger = await check.query(`select asset, sum(credits_posted - debits_posted)::bigint as total from ledger_accounts group by asset`);
  const doubledCount = doubled.rows[0].n as number;
  const everyTimeOnePerMember = perTime.rows.length === ROUNDS && perTime.rows.every((row) => row.n === MEMBERS && row.members === MEMBERS);
  const ledgerZero = ledger.rows.every((row) => Number(row.total) === 0);
  failed ||= doubledCount !== 0 || !everyTimeOnePerMember || booked.rows[0].n !== ROUNDS * MEMBERS || !ledgerZero;
  console.log(`appointments in the table: ${booked.rows[0].n} (expected ${ROUNDS * MEMBERS}); member double-bookings: ${doubledCount}`);
  console.log(`per time: ${perTime.rows.map((row) => `${row.n} rows/${row.members} members`).join(', ')}`);
  console.log(`ledger totals per asset (must be 0): ${ledger.rows.map((row) => `${row.asset}=${row.total}`).join(', ')}`);
  writeResult(
    'staff-contention',
    [
      {
        name: `${CLIENTS} concurrent "anyone" bookings of one time at a shop with ${MEMBERS} free members: rounds with exactly ${MEMBERS} × 201 (one per member) and ${CLIENTS - MEMBERS} × 409`,
        value: goodRounds, unit: `of ${ROUNDS} rounds`, target: `${ROUNDS} of ${ROUNDS}`, met: goodRounds === ROUNDS,
        detail: `all answered in ${answeredMs.map((ms) => round(ms, 0)).join(' / ')} ms`,
      },
    ],
    {
      [`exactly ${MEMBERS} winners, one per member, in every round`]: goodRounds === ROUNDS,
      'every booked time holds one row per member (the rows)': everyTimeOnePerMember,
      'no member double-booked (overlapping blocked periods of one member)': doubledCount === 0,
      'ledger sums to zero per asset': ledgerZero,
    },
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await check.end();
  http.close();
  await server.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
