// The staff side of bench/availability-latency.ts (DESIGN section 9): shops with ten members whose
// days are full, for the available-slots p99 with 10 members beside the one-member baseline, and
// every other service business given three members, for the earliest listing with staff.
import type { Database } from '../src/server/db/client.js';

export const STAFF_SHOPS = Number(process.env.BENCH_STAFF_SHOPS ?? 100);
export const SHOP_MEMBERS = 10;
/** The ten-member shops' busy days (today and the 9 after it) and each member's bookings on each. */
export const STAFF_DAYS = 10;
const PER_MEMBER_DAY = 3;
export const staffAppointments = () => STAFF_SHOPS * STAFF_DAYS * SHOP_MEMBERS * PER_MEMBER_DAY;

/**
 * The service businesses with the highest ids get nine more members (ten in all); every other one
 * of the nine is on hours of their own with a lunch break (two ranges a day, Mon-Sat), the rest on
 * the business's hours. Each member has three one-hour visits on each of the next 10 days, each a
 * customer's own (written with the member: the default-member trigger would give all to the
 * first), 1 in 10 cancelled. The first member's visits that would overlap the shop's own seeded
 * ones are left out (the overlap constraint; a few dozen). Returns the ten-member shops' ids.
 */
export async function seedStaffShops(database: Database): Promise<Set<number>> {
  const run = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
  await run(`insert into users (username, email, password_hash, user_type)
    select 'staffbench' || i, 'staffbench' || i || '@example.com', 'x', 'customer' from generate_series(1, ${staffAppointments()}) i`);
  await run(`create temporary table staff_shops as
    select id, (row_number() over (order by id)) - 1 as n
      from (select id from businesses where business_type = 'service' order by id desc limit ${STAFF_SHOPS}) b`);
  await run(`insert into staff_members (business_id, name, position, own_hours)
    select s.id, 'Member ' || p, p, p % 2 = 0 from staff_shops s cross join generate_series(2, ${SHOP_MEMBERS}) p`);
  await run(`insert into staff_hours (staff_id, day_of_week, open_time, close_time)
    select m.id, d, r.o, r.c from staff_members m join staff_shops s on s.id = m.business_id
      cross join generate_series(1, 6) d cross join (values (time '09:00', time '12:00'), (time '13:00', time '17:00')) r(o, c)
     where m.own_hours`);
  await run(`insert into appointments (business_id, service_id, customer_id, staff_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
      customer_name, customer_email, customer_phone)
    select s.id, sv.id, c.first + ((s.n * ${STAFF_DAYS} + d) * ${SHOP_MEMBERS} + m.position - 1) * ${PER_MEMBER_DAY} + k,
      m.id, t.starts_at, t.starts_at + interval '60 minutes', 60, 0,
      case when (s.id + d + m.position + k) % 10 = 0 then 'cancelled' else 'confirmed' end, true, 1, 'Bench', 'bench@example.com', '555'
    from staff_shops s
    join staff_members m on m.business_id = s.id
    cross join lateral (select min(id) as id from services where business_id = s.id) sv
    cross join (select min(id) as first from users where username like 'staffbench%') c
    cross join generate_series(0, ${STAFF_DAYS - 1}) d
    cross join generate_series(0, ${PER_MEMBER_DAY - 1}) k
    cross join lateral (select (current_date + d)::timestamp + (9 + (m.position + 3 * k) % 8) * interval '1 hour' as starts_at) t
    where not exists (select 1 from appointments a where a.staff_id = m.id and a.occupies
                         and tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(t.starts_at, t.starts_at + interval '60 minutes', '[)'))`);
  const ids = await run<{ id: number }>('select id from staff_shops');
  await run('drop table staff_shops');
  return new Set(ids.map((r) => r.id));
}

/**
 * Every service business with one member gets two more on its hours (three in all), and every
 * earliest-start row is made stale, as an owner's change would: the next listing recomputes them.
 */
export async function giveEveryoneThreeMembers(database: Database): Promise<number> {
  const run = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
  await run(`insert into staff_members (business_id, name, position)
    select m.business_id, 'Member ' || p, p from staff_members m cross join generate_series(2, 3) p
     where m.business_id in (select business_id from staff_members group by business_id having count(*) = 1)`);
  await run('update earliest_free_starts set version = version + 1, fresh_until = null');
  // As autovacuum would after a bulk change: the one-member listing above read a table without
  // these dead row versions, so this one does too.
  await run('vacuum analyze staff_members');
  await run('vacuum analyze earliest_free_starts');
  const [{ n }] = await run<{ n: number }>(`select count(*)::int as n from (select business_id from staff_members group by business_id having count(*) >= 3) x`);
  return n;
}
