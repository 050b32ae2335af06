// The smallest honest booking, written straight against node-postgres on tables of its own: check
// the slot against the day's opening hours, insert under an exclusion constraint (the arbiter of
// overlaps), and write one credit row — one statement, one round trip. The ceiling any booking
// path on this machine can reach; DESIGN section 8 asks the HTTP API for ≥ 0.35 of it.
import type pg from 'pg';

export async function createMinimalTables(pool: pg.Pool) {
  await pool.query(`
    create extension if not exists btree_gist;
    create table bench_min_hours (business_id int not null, day_of_week int not null, open_time time not null, close_time time not null,
      primary key (business_id, day_of_week));
    create table bench_min_appointments (id serial primary key, business_id int not null, customer_id int not null,
      starts_at timestamp not null, ends_at timestamp not null,
      exclude using gist (business_id with =, tsrange(starts_at, ends_at, '[)') with &&));
    create table bench_min_credits (id serial primary key, user_id int not null, appointment_id int not null, amount int not null);`);
}

/** Opening hours Mon–Fri 09:00–17:00 for these businesses, as createShop gives the app's. */
export async function addMinimalBusinesses(pool: pg.Pool, businessIds: number[]) {
  await pool.query(
    `insert into bench_min_hours select b, d, '09:00', '17:00' from unnest($1::int[]) b, generate_series(1, 5) d`,
    [businessIds],
  );
}

const BOOK = `
  with open_day as (
    select 1 from bench_min_hours
     where business_id = $1 and day_of_week = extract(dow from $2::timestamp)::int
       and $2::timestamp::time >= open_time and $3::timestamp::time <= close_time
  ), booked as (
    insert into bench_min_appointments (business_id, customer_id, starts_at, ends_at)
    select $1, $4, $2, $3 from open_day returning id
  )
  insert into bench_min_credits (user_id, appointment_id, amount) select $4, id, 100 from booked returning appointment_id`;

/** Returns true when booked, false when the slot is closed or taken. */
export async function bookMinimal(pool: pg.Pool, b: { businessId: number; userId: number; date: string; time: string; minutes: number }): Promise<boolean> {
  const startsAt = `${b.date} ${b.time}`;
  const [h, m] = b.time.split(':').map(Number);
  const end = h * 60 + m + b.minutes;
  const endsAt = `${b.date} ${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  try {
    const res = await pool.query({ name: 'bench_min_book', text: BOOK, values: [b.businessId, startsAt, endsAt, b.userId] });
    return res.rowCount === 1;
  } catch (error) {
    if ((error as { code?: string }).code === '23P01') return false;
    throw error;
  }
}
