// The stranded-bookings guard (businesses/strand-guard.ts) reads a business's bookings twice per owner
// change, before and after it. Scoped to what the change can touch (a date, a member, weekdays), it
// reads only those; unscoped (every argument null) it reads every upcoming booking, as every change
// did before. Both run side by side on one business with 1,600 upcoming confirmed bookings (10
// members, 40 days, 4 visits each a day) on the local PostgreSQL, round after round, as a ratio.
// Run: npx tsx bench/strand-scan.ts   (BENCH_ROUNDS)
import { openDatabase } from '../src/server/db/client.js';
import { createBenchDatabase } from './booking-support.js';
import { alternateRounds, median, ratioFigure, writeResult } from './results.js';

const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 8));
const PER_ROUND = 10;
const MEMBERS = 10;
const DAYS = 40;
const PER_DAY = 4;

const bench = await createBenchDatabase('strand');
const database = await openDatabase({ kind: 'postgres', url: bench.url, poolSize: 2 });
const run = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
try {
  await run(`insert into users (username, email, password_hash, user_type) values ('strandowner', 'strandowner@example.com', 'x', 'business')`);
  await run(`insert into users (username, email, password_hash, user_type)
    select 'strandc' || i, 'strandc' || i || '@example.com', 'x', 'customer' from generate_series(1, ${MEMBERS * DAYS * PER_DAY}) i`);
  const [{ id: businessId }] = await run<{ id: number }>(`insert into businesses (owner_id, business_name, category, business_type, time_zone)
    select id, 'Strand bench', 'Healthcare', 'service', 'America/New_York' from users where username = 'strandowner' returning id`);
  await run(`insert into services (business_id, name, duration, price_cents) values (${businessId}, 'Visit', 60, 0)`);
  await run(`insert into business_hours (business_id, day_of_week, open_time, close_time) select ${businessId}, d, '08:00', '20:00' from generate_series(0, 6) d`);
  await run(`insert into staff_members (business_id, name, position) select ${businessId}, 'Member ' || p, p from generate_series(1, ${MEMBERS}) p
             where not exists (select 1 from staff_members where business_id = ${businessId} and position = p)`);
  await run(`insert into appointments (business_id, service_id, customer_id, staff_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
      customer_name, customer_email, customer_phone)
    select ${businessId}, sv.id, c.first + (((d - 1) * ${MEMBERS}) + m.position - 1) * ${PER_DAY} + k, m.id, t.starts_at, t.starts_at + interval '60 minutes', 60, 0,
      'confirmed', true, 1, 'Bench', 'bench@example.com', '555'
      from staff_members m
      cross join (select id from services where business_id = ${businessId}) sv
      cross join (select min(id) as first from users where username like 'strandc%') c
      cross join generate_series(1, ${DAYS}) d
      cross join generate_series(0, ${PER_DAY - 1}) k
      cross join lateral (select (current_date + d)::timestamp + (9 + 2 * k) * interval '1 hour' as starts_at) t
     where m.business_id = ${businessId}`);
  await run('analyze');
  const [{ n }] = await run<{ n: number }>(`select count(*)::int as n from appointments where business_id = ${businessId} and status = 'confirmed'`);
  const [member] = await run<{ id: number }>(`select id from staff_members where business_id = ${businessId} order by position limit 1`);
  const day = (offset: number) => `current_date + ${offset}`;
  const now = new Date().toISOString();
  const scan = (scope: string) => `select cardinality(que_stranded_appointments(${businessId}, '${now}'::timestamptz, ${scope})) as n`;
  const scopes = {
    'every upcoming booking (as before)': 'null, null, null, null',
    'a blocked date': `${day(10)}, ${day(10)}, null, null`,
    "a member's week off": `${day(10)}, ${day(16)}, ${member.id}, null`,
    "a member's hours": `null, null, ${member.id}, null`,
    "the business's hours of one weekday": "null, null, null, '{3}'",
  };
  const paths = Object.entries(scopes);
  const ms = await alternateRounds(ROUNDS, paths, async ([, scope]) => {
    const started = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await run(scan(scope));
    return (performance.now() - started) / PER_ROUND;
  });
  const baseline = ms[0];
  const figures = paths.map(([name], i) => ({
    name: `${name}: ms per scan`,
    value: Math.round(median(ms[i]) * 100) / 100,
    unit: 'ms',
    detail: `median of ${ROUNDS} rounds of ${PER_ROUND} scans; ${n} upcoming confirmed bookings`,
  }));
  const ratios = paths.slice(1).map(([name], i) => ratioFigure(`${name}: unscoped / scoped`, baseline.map((b, r) => b / ms[i + 1][r]), 2));
  writeResult('strand-scan', [...figures, ...ratios], undefined, ['unscoped: que_stranded_appointments with every scope argument null, which reads what the guard read before it was scoped']);
} finally {
  await database.close();
  await bench.drop();
}
