// The floors a booking is measured against, written straight against node-postgres on tables of
// their own, with no rule of the app's beyond the arbiter of overlaps:
// - the raw floor (issue 28's method, the one the targets use): each client books one transaction on
//   a table of its own — select an overlap, insert under an exclusion constraint, insert a credit
//   row, commit (five round trips on one connection);
// - the one-statement booking, reported beside it only: the day's opening hours checked, the insert
//   under the exclusion constraint and the credit row in one statement, one round trip.
// DESIGN section 8 / issue 28 ask booking over HTTP for ≥ 0.35 of the raw floor.
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

/** Opening hours every day 00:00–23:59 for these businesses, as the throughput bench gives the app's. */
export async function addMinimalBusinesses(pool: pg.Pool, businessIds: number[]) {
  await pool.query(
    `insert into bench_min_hours select b, d, '00:00', '23:59' from unnest($1::int[]) b, generate_series(0, 6) d`,
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

function period(date: string, time: string, minutes: number) {
  const [h, m] = time.split(':').map(Number);
  const end = h * 60 + m + minutes;
  return [`${date} ${time}`, `${date} ${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`];
}

/** The one-statement booking. Returns true when booked, false when the slot is closed or taken. */
export async function bookMinimal(pool: pg.Pool, b: { businessId: number; userId: number; date: string; time: string; minutes: number }): Promise<boolean> {
  const [startsAt, endsAt] = period(b.date, b.time, b.minutes);
  try {
    const res = await pool.query({ name: 'bench_min_book', text: BOOK, values: [b.businessId, startsAt, endsAt, b.userId] });
    return res.rowCount === 1;
  } catch (error) {
    if ((error as { code?: string }).code === '23P01') return false;
    throw error;
  }
}

/** The raw floor's tables for client `n`: its appointments (under an exclusion constraint) and its credit rows. */
export async function createFloorTables(pool: pg.Pool, clients: number) {
  await pool.query('create extension if not exists btree_gist');
  for (let n = 0; n < clients; n++) {
    await pool.query(`
      create table bench_floor_appointments_${n} (id serial primary key, business_id int not null, customer_id int not null,
        starts_at timestamp not null, ends_at timestamp not null,
        exclude using gist (business_id with =, tsrange(starts_at, ends_at, '[)') with &&));
      create table bench_floor_credits_${n} (id serial primary key, user_id int not null, appointment_id int not null, amount int not null)`);
  }
}

/**
 * The raw floor (issue 28): one transaction on client `n`'s own tables — select an overlap, insert
 * under the exclusion constraint, insert a credit row, commit. Returns false when the time is taken.
 */
export async function bookFloor(pool: pg.Pool, n: number, b: { businessId: number; userId: number; date: string; time: string; minutes: number }): Promise<boolean> {
  const [startsAt, endsAt] = period(b.date, b.time, b.minutes);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const overlap = await client.query({
      name: `bench_floor_overlap_${n}`,
      text: `select 1 from bench_floor_appointments_${n} where business_id = $1 and tsrange(starts_at, ends_at, '[)') && tsrange($2::timestamp, $3::timestamp, '[)') limit 1`,
      values: [b.businessId, startsAt, endsAt],
    });
    if (overlap.rowCount) {
      await client.query('rollback');
      return false;
    }
    const booked = await client.query({
      name: `bench_floor_insert_${n}`,
      text: `insert into bench_floor_appointments_${n} (business_id, customer_id, starts_at, ends_at) values ($1, $2, $3, $4) returning id`,
      values: [b.businessId, b.userId, startsAt, endsAt],
    });
    await client.query({
      name: `bench_floor_credit_${n}`,
      text: `insert into bench_floor_credits_${n} (user_id, appointment_id, amount) values ($1, $2, 100)`,
      values: [b.userId, booked.rows[0].id],
    });
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if ((error as { code?: string }).code === '23P01') return false;
    throw error;
  } finally {
    client.release();
  }
}
