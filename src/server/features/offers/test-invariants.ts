import type { Database } from '../../db/client.js';
import { queryRows } from '../../test/test-app.js';
import { RULES } from '../../../contract/rules.js';
import { assetTotals } from '../ledger/test-ledger.js';

// The offer invariants of DESIGN sections 5 and 6, read straight from the tables. Shared by the
// model-based test and the PostgreSQL concurrency tests: each returns what is wrong, [] when all is well.

const ESCROW = `(select id, offer_id, credits_posted - debits_posted as posted, credits_pending - debits_pending as pending
  from ledger_accounts where kind = 'offer_escrow')`;

/** Every hold of an ended offer voided exactly once; every hold of an accepted one resolved exactly once. */
const HOLDS_RESOLVED = `
  select 'offer ' || o.id || ' (' || o.status || '): hold ' || h.id || ' resolved ' || count(r.id) || ' times, '
         || count(r.id) filter (where r.flags = 'post_pending') || ' posted' as problem
  from offers o
  join ledger_transfers h on h.offer_id = o.id and h.flags = 'pending' and h.code = 'offer_hold'
  left join ledger_transfers r on r.pending_id = h.id
  where o.status not in ('pending', 'negotiating')
  group by o.id, o.status, h.id
  having count(r.id) <> 1 or (o.status <> 'accepted' and count(r.id) filter (where r.flags = 'post_pending') > 0)`;

/**
 * Escrow of an accepted offer: held while either appointment is still confirmed (never paid out
 * before both are finished); once both are finished, refunded once when the business cancelled the
 * appointment the payer bought (the sender's), else released once (DESIGN section 5: the swap
 * happened at acceptance); an ended or settled offer's escrow account is empty.
 */
const ESCROW_SETTLED = `
  with legs as (
    select o.id,
      count(*) filter (where t.code = 'offer_release') as releases,
      count(*) filter (where t.code = 'offer_refund') as refunds
    from offers o join ${ESCROW} e on e.offer_id = o.id
    left join ledger_transfers t on t.debit_account_id = e.id and t.flags = 'single'
    group by o.id
  ), appts as (
    select o.id,
      count(*) filter (where a.status = 'confirmed') as confirmed,
      count(*) filter (where a.status = 'completed') as completed,
      count(*) filter (where a.status = 'cancelled') as cancelled,
      bool_or(a.id = o.from_appointment_id and a.status = 'cancelled' and a.cancelled_by = b.owner_id) as bought_cancelled_by_business
    from offers o join appointments a on a.id in (o.from_appointment_id, o.to_appointment_id)
    join businesses b on b.id = a.business_id
    group by o.id
  )
  select 'offer ' || o.id || ' (' || o.status || ', escrow ' || o.escrow_status || '): ' || ap.confirmed || ' confirmed, '
         || ap.completed || ' completed, ' || ap.cancelled || ' cancelled appointments; ' || coalesce(l.releases, 0) || ' releases, '
         || coalesce(l.refunds, 0) || ' refunds; escrow posted ' || coalesce(e.posted, 0) || ', pending ' || coalesce(e.pending, 0) as problem
  from offers o join appts ap on ap.id = o.id
  left join legs l on l.id = o.id
  left join ${ESCROW} e on e.offer_id = o.id
  where o.temporary_reservation = false and not (
    case
      when o.status in ('pending', 'negotiating') then coalesce(l.releases, 0) = 0 and coalesce(l.refunds, 0) = 0 and coalesce(e.posted, 0) = 0
      when o.status <> 'accepted' then coalesce(l.releases, 0) = 0 and coalesce(l.refunds, 0) = 0 and coalesce(e.posted, 0) = 0 and coalesce(e.pending, 0) = 0
      when o.escrow_status = 'held' then ap.confirmed > 0 and coalesce(l.releases, 0) = 0 and coalesce(l.refunds, 0) = 0 and e.posted > 0 and e.pending = 0
      when o.escrow_status = 'released' then ap.confirmed = 0 and not ap.bought_cancelled_by_business and l.releases = 1 and l.refunds = 0 and e.posted = 0 and e.pending = 0
      when o.escrow_status = 'refunded' then ap.confirmed = 0 and ap.bought_cancelled_by_business and l.releases = 0 and l.refunds = 1 and e.posted = 0 and e.pending = 0
      else false
    end)`;

/**
 * Every live offer still fits DESIGN section 6 on the appointments as they are now: both confirmed
 * (the sender's pending table for a restaurant offer), at one business, the target not blocked, not
 * the owner's, in the offer's direction; at most RULES.maxLiveOffersPerTarget on one target.
 */
const LIVE_OFFERS_FIT = `
  select 'live offer ' || o.id || ' no longer fits: ' || concat_ws(', ',
           case when t.status <> 'confirmed' then 'target ' || t.status end,
           case when not o.temporary_reservation and f.status <> 'confirmed' then 'own appointment ' || f.status end,
           case when f.business_id <> t.business_id then 'two businesses' end,
           case when t.block_offers then 'target blocks offers' end,
           case when b.owner_id in (o.from_user_id, o.to_user_id) then 'the owner is a party' end,
           case when not o.temporary_reservation and o.offer_type = 'queue_jump' and (t.starts_at >= f.starts_at or t.starts_at::date <> f.starts_at::date) then 'queue jump not to an earlier time that day' end,
           case when not o.temporary_reservation and o.offer_type = 'move_back' and t.starts_at <= f.starts_at then 'move back not to a later time' end) as problem
  from offers o join appointments t on t.id = o.to_appointment_id join appointments f on f.id = o.from_appointment_id
  join businesses b on b.id = t.business_id
  where o.status in ('pending', 'negotiating') and (
    t.status <> 'confirmed' or (not o.temporary_reservation and f.status <> 'confirmed') or f.business_id <> t.business_id or t.block_offers
    or b.owner_id in (o.from_user_id, o.to_user_id)
    or (not o.temporary_reservation and o.offer_type = 'queue_jump' and (t.starts_at >= f.starts_at or t.starts_at::date <> f.starts_at::date))
    or (not o.temporary_reservation and o.offer_type = 'move_back' and t.starts_at <= f.starts_at))
  union all
  select 'appointment ' || to_appointment_id || ' has ' || count(*) || ' live offers' from offers
   where status in ('pending', 'negotiating') group by to_appointment_id having count(*) > ${RULES.maxLiveOffersPerTarget}`;

const OVERDRAWN = `select 'account ' || id || ' (' || kind || ' ' || asset || ') below zero: ' || (credits_posted - debits_posted - debits_pending) as problem
  from ledger_accounts where no_overdraft and credits_posted - debits_posted - debits_pending < 0`;

const OVERLAPS = `select 'appointments ' || a.id || ' and ' || b.id || ' overlap' as problem
  from appointments a join appointments b on a.staff_id = b.staff_id and a.id < b.id
   and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(b.starts_at, b.ends_at, '[)')
  where a.exclusive and b.exclusive and a.status = 'confirmed' and b.status = 'confirmed'`;

export async function offerInvariantViolations(database: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const [asset, totals] of Object.entries(await assetTotals(database.db))) {
    if (totals.posted !== 0 || totals.pending !== 0) problems.push(`${asset} does not sum to zero: posted ${totals.posted}, pending ${totals.pending}`);
  }
  // One round trip: the checks are many but each is cheap on a test-sized database.
  const sql = [HOLDS_RESOLVED, ESCROW_SETTLED, LIVE_OFFERS_FIT, OVERDRAWN, OVERLAPS].map((q) => `(${q})`).join(' union all ');
  for (const row of await queryRows<{ problem: string }>(database, sql)) problems.push(row.problem);
  return problems;
}

export interface OfferSnapshot {
  appointments: { id: number; time: string; status: string; staffId: number | null }[];
  offers: { id: number; status: string; escrowStatus: string; counterCents: number | null; agreedCents: number | null; posted: number; pending: number }[];
  credit: { userId: number; spendable: number }[];
}

/**
 * What a model compares after each step, in one round trip: the appointments (wall-clock time and
 * status), the offers with their escrow balances, and the users' spendable Que Credit.
 */
export async function offerSnapshot(database: Database, ids: { appointments: number[]; offers: number[]; users: number[] }): Promise<OfferSnapshot> {
  const list = (xs: number[]) => (xs.length ? xs.map(Number).join(',') : 'null');
  const [row] = await queryRows<{ snapshot: OfferSnapshot }>(
    database,
    `select json_build_object(
      'appointments', coalesce((select json_agg(json_build_object('id', id, 'time', to_char(starts_at, 'HH24:MI'), 'status', status, 'staffId', staff_id) order by id)
        from appointments where id in (${list(ids.appointments)})), '[]'),
      'offers', coalesce((select json_agg(json_build_object('id', o.id, 'status', o.status, 'escrowStatus', o.escrow_status,
          'counterCents', o.counter_cents, 'agreedCents', o.agreed_cents, 'posted', coalesce(e.posted, 0), 'pending', coalesce(e.pending, 0)) order by o.id)
        from offers o left join ${ESCROW} e on e.offer_id = o.id where o.id in (${list(ids.offers)})), '[]'),
      'credit', coalesce((select json_agg(json_build_object('userId', user_id, 'spendable', credits_posted - debits_posted - debits_pending))
        from ledger_accounts where kind = 'user_credit' and asset = 'CREDIT' and user_id in (${list(ids.users)})), '[]')
    ) as snapshot`,
  );
  return typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as OfferSnapshot) : row.snapshot;
}
