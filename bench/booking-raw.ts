// The booking transaction written by hand against node-postgres: the same statements the app
// issues for POST /api/appointments (business, service, slot re-check, insert, $1.00 credit through
// the ledger), without Fastify, zod, sessions or Drizzle. The baseline for bench/booking-throughput.ts:
// when the app's booking transaction changes, change this one the same way.
import type pg from 'pg';
import { dayOfWeek, timeToMinutes } from '../src/contract/time.js';
import { wallClock } from '../src/server/features/availability/business-clock.js';

export interface RawBooking {
  userId: number;
  businessId: number;
  serviceId: number;
  date: string;
  time: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

// Named statements, as the app sends them (src/server/db/prepared.ts): parsed and planned once per connection.
const statementNames = new Map<string, string>();
function prepared(client: pg.PoolClient, text: string, values: unknown[]) {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `raw_${statementNames.size}`));
  return client.query({ name, text, values });
}

const CREDIT_ACCOUNTS = `select id, kind, asset, user_id, business_id, offer_id, no_overdraft, debits_pending, debits_posted, credits_pending, credits_posted
  from ledger_accounts where (kind = 'credit_issuance' or kind = 'user_credit') and asset = 'CREDIT' and coalesce(user_id, 0) = $1
  and coalesce(business_id, 0) = 0 and coalesce(offer_id, 0) = 0`;

/** The user's [issuance, credit] accounts, created on first use. */
async function creditAccounts(client: pg.PoolClient, userId: number): Promise<[number, number]> {
  const pick = (rows: { id: number; kind: string }[]) => [rows.find((r) => r.kind === 'credit_issuance')?.id, rows.find((r) => r.kind === 'user_credit')?.id];
  let [issuance, wallet] = pick((await prepared(client, CREDIT_ACCOUNTS, [userId])).rows);
  if (issuance && wallet) return [issuance, wallet];
  for (const [kind, noOverdraft] of [['credit_issuance', false], ['user_credit', true]] as const) {
    await prepared(client, `insert into ledger_accounts (kind, asset, user_id, no_overdraft) values ($1, 'CREDIT', $2, $3) on conflict do nothing`, [kind, userId, noOverdraft]);
  }
  [issuance, wallet] = pick((await prepared(client, CREDIT_ACCOUNTS, [userId])).rows);
  return [issuance!, wallet!];
}

/** Returns true when booked, false when the slot is not free. */
export async function bookRaw(pool: pg.Pool, b: RawBooking): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // the business (lean, with the booked day's blocked flag) and the service; the slot re-check reuses both
    const business = (
      await prepared(client, 
        `select id, owner_id, business_name, business_type, time_zone, max_party_size, reservation_duration, seating_capacity,
           exists (select 1 from blocked_dates bd where bd.business_id = "businesses"."id" and bd.date = $2::date) as blocked
         from businesses where id = $1 limit 1`,
        [b.businessId, b.date],
      )
    ).rows[0];
    const service = (await prepared(client, `select id, business_id, name, description, duration, price_cents from services where id = $1 and deleted_at is null limit 1`, [b.serviceId])).rows[0];
    if (!business || !service || service.business_id !== b.businessId) throw new Error('no such business or service');

    // the slot re-check: the day's hours and the active appointments it could touch
    const hours = (await prepared(client, `select open_time, close_time from business_hours where business_id = $1 and day_of_week = $2 limit 1`, [b.businessId, dayOfWeek(b.date)])).rows[0];
    if (business.blocked || !hours) return rollback(client);
    const open = timeToMinutes(hours.open_time.slice(0, 5));
    const close = timeToMinutes(hours.close_time.slice(0, 5));
    const start = timeToMinutes(b.time);
    const end = start + service.duration;
    if (start < open || end > close || (start - open) % Math.min(30, service.duration) !== 0) return rollback(client);
    const booked = await prepared(client, 
      `select starts_at::text as starts_at, ends_at::text as ends_at, party_size from appointments where business_id = $1 and status in ('confirmed', 'pending')
         and tsrange(starts_at, ends_at, '[)') && tsrange($2::timestamp, $3::timestamp, '[)') and exclusive`,
      [b.businessId, wallClock(b.date, open), wallClock(b.date, close)],
    );
    const startsAt = wallClock(b.date, start);
    const endsAt = wallClock(b.date, end);
    if (booked.rows.some((r) => String(r.starts_at) < endsAt && String(r.ends_at) > startsAt)) return rollback(client);

    const inserted = (
      await prepared(client, 
        `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive,
           party_size, notes, block_offers, customer_name, customer_email, customer_phone)
         values ($1, $2, $3, $4, $5, $6, $7, 'confirmed', true, 1, '', false, $8, $9, $10) returning id, created_at`,
        [b.businessId, b.serviceId, b.userId, startsAt, endsAt, service.duration, service.price_cents, b.customerName, b.customerEmail, b.customerPhone],
      )
    ).rows[0];

    // +$1.00 credit from the user's issuance account: both balances in one statement, rows locked in id order
    const [issuance, wallet] = await creditAccounts(client, b.userId);
    const moved = await prepared(client, 
      `update ledger_accounts a set
         debits_pending = a.debits_pending + (case a.id when $1::int then 0::bigint when $2::int then 0::bigint else 0::bigint end),
         debits_posted = a.debits_posted + (case a.id when $1::int then 100::bigint when $2::int then 0::bigint else 0::bigint end),
         credits_pending = a.credits_pending + (case a.id when $1::int then 0::bigint when $2::int then 0::bigint else 0::bigint end),
         credits_posted = a.credits_posted + (case a.id when $1::int then 0::bigint when $2::int then 100::bigint else 0::bigint end)
       from (select id from ledger_accounts where id in ($1::int, $2::int) order by id for no key update) locked
       where a.id = locked.id and a.asset = 'CREDIT' returning a.id`,
      [issuance, wallet],
    );
    if (moved.rowCount !== 2) throw new Error('ledger update failed');
    await prepared(client, 
      `insert into ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
       values ($1, $2, 100, 'CREDIT', 'single', 'earned_booking', $3, $4) returning *`,
      [issuance, wallet, `Earned for booking ${service.name} at ${business.business_name}`, inserted.id],
    );
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

async function rollback(client: pg.PoolClient): Promise<false> {
  await client.query('rollback');
  return false;
}

const BOOK_ONE_CALL = `select que_book_returning_events($1::int, $2::int, $3::int, $4::date, $5::text, null::int, ''::text, false, $6::text, $7::text, $8::text,
  null::text, null::text, null::text, 365::int, null::timestamptz, null::text, null::int) as booked`;
// As the app does after the booking commits: its live events, and the job runners woken for its
// follow-up (job-queue.ts wakeJobRunners), without waiting for the disk.
const PUBLISH = `select set_config('synchronous_commit', 'off', true), que_publish($1::jsonb), pg_notify('jobs:insert', '{"count":1}')`;

/**
 * The app's own one-call booking (que_book_returning_events) issued
 * straight from node-postgres: one named statement on the pool, no transaction around it, then its
 * live events published as the app publishes them once the booking has committed
 * (src/server/live-events.ts publishLiveEvents). The HTTP route should reach half of this.
 */
export async function bookOneCall(pool: pg.Pool, b: RawBooking): Promise<boolean> {
  try {
    const booked = await pool.query({
      name: 'raw_que_book',
      text: BOOK_ONE_CALL,
      values: [b.userId, b.businessId, b.serviceId, b.date, b.time, b.customerName, b.customerEmail, b.customerPhone],
    });
    const events = (booked.rows[0] as { booked: { events: unknown[] } }).booked.events;
    if (events.length > 0) await pool.query({ name: 'raw_que_publish', text: PUBLISH, values: [JSON.stringify(events)] });
    return true;
  } catch (error) {
    if (['23P01', 'QBSLT'].includes((error as { code?: string }).code ?? '')) return false;
    throw error;
  }
}
