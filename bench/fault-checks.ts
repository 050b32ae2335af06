// What must hold after the app was killed many times: each check reads the tables and returns the
// problems it found ([] when it holds). DESIGN sections 4 and 5.
import { CHARGED_TWICE, DEPOSIT_ESCROW, DOUBLE_HELD, heldPast, HOLDS_MATCH_ENTRIES } from '../src/server/features/deposits/test-invariants.js';
import type { ReceivedMail } from '../src/server/features/email/test-smtp-server.js';
import type { Promise2xx, World } from './fault-world.js';

/** node-postgres, or anything else that answers a query with rows (a test's database). */
interface Q {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
const rows = async <T>(db: Q, text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

/** Every request answered 2xx left what it said it did; later steps may only move things forward. */
export async function lost2xx(db: Q, kept: Promise2xx[]): Promise<string[]> {
  const appointments = new Map((await rows<{ id: number; status: string }>(db, 'select id, status from appointments')).map((r) => [r.id, r]));
  const offers = new Map(
    (await rows<{ id: number; status: string; from_appointment_id: number; to_appointment_id: number; negotiation_round: number; counter_cents: number | null }>(
      db,
      'select id, status, from_appointment_id, to_appointment_id, negotiation_round, counter_cents from offers',
    )).map((r) => [r.id, r]),
  );
  const intents = new Map((await rows<{ id: string; status: string }>(db, 'select id, status from payment_intents')).map((r) => [r.id, r]));
  const entries = new Map((await rows<{ id: number; status: string }>(db, 'select id, status from waitlist_entries')).map((r) => [r.id, r.status]));
  const problems: string[] = [];
  for (const p of kept) {
    const a = 'appointmentId' in p ? appointments.get(p.appointmentId) : undefined;
    const o = 'offerId' in p ? offers.get(p.offerId) : undefined;
    const ok =
      p.kind === 'book' ? a !== undefined
      : p.kind === 'appointmentEnded' ? a?.status === p.status
      : p.kind === 'offer' ? o?.from_appointment_id === p.from && o.to_appointment_id === p.to
      : p.kind === 'counter' ? o !== undefined && o.negotiation_round >= p.round && o.counter_cents !== null
      : p.kind === 'offerEnded' ? o?.status === p.status
      // a waiting entry may since have been offered, claimed, expired or left
      : p.kind === 'entry' ? (p.status === 'waiting' ? entries.has(p.entryId) : entries.get(p.entryId) === p.status)
      : p.confirmed ? ['requires_capture', 'succeeded', 'canceled'].includes(intents.get(p.intentId)?.status ?? '') : intents.has(p.intentId);
    if (!ok) problems.push(`lost after a 2xx: ${JSON.stringify(p)}`);
  }
  return problems;
}

/** Every asset sums to zero, pending and posted; no credit or earnings account below zero. */
export async function ledgerProblems(db: Q): Promise<string[]> {
  const problems = (await rows<{ asset: string; posted: string; pending: string }>(db, `select asset, sum(credits_posted - debits_posted)::bigint as posted,
      sum(credits_pending - debits_pending)::bigint as pending from ledger_accounts group by asset`))
    .filter((r) => Number(r.posted) !== 0 || Number(r.pending) !== 0)
    .map((r) => `${r.asset} sums to ${r.posted} posted, ${r.pending} pending`);
  const overdrawn = await rows<{ id: number }>(db, 'select id from ledger_accounts where no_overdraft and credits_posted - debits_posted - debits_pending < 0');
  return [...problems, ...overdrawn.map((r) => `account ${r.id} below zero`)];
}

/**
 * No hold outlives its deadline once the jobs ran: a live offer past expiry (plus `graceSeconds`
 * for a killed runner's jobs to be freed), an ended offer's or ended appointment's hold still open,
 * a card action still pending whose job is long due or gone, or the escrow of an accepted offer
 * whose two appointments are both completed.
 */
export async function unresolvedHolds(db: Q, graceSeconds: number): Promise<string[]> {
  const grace = `now() - make_interval(secs => ${Number(graceSeconds)})`;
  const found = await rows<{ problem: string }>(db, `
    select 'offer ' || id || ' still ' || status || ' past its expiry' as problem from offers
      where status in ('pending', 'negotiating') and expires_at < ${grace}
    union all
    select 'hold ' || h.id || ' of ' || coalesce('offer ' || o.id || ' (' || o.status || ')', 'appointment ' || a.id || ' (' || a.status || ')') || ' never resolved'
      from ledger_transfers h
      left join offers o on o.id = h.offer_id
      left join appointments a on a.id = h.appointment_id and h.offer_id is null
      where h.flags = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = h.id)
        -- a released booking's deposit waits for its outcome (decision 0033)
        and (o.status not in ('pending', 'negotiating') or (a.status in ('cancelled', 'completed', 'no_show') and a.release_outcome is distinct from 'pending'))
    union all
    select 'payment action ' || d.id || ' (' || d.kind || ') still pending, ' || coalesce('its job due since ' || j.run_at, 'with no job to carry it out')
      from payment_actions d
      left join payment_intents i on i.id = d.payment_intent_id
      -- its payment's job (payments/sql/payment-jobs.sql keys it so); one waiting for a retry's backoff is fine
      left join graphile_worker._private_jobs j on j.attempts < j.max_attempts
        and j.key = coalesce('payments:offer:' || coalesce(d.offer_id, i.offer_id), 'payments:intent:' || d.payment_intent_id)
      where d.status = 'pending' and (j.id is null or j.run_at < ${grace})
    union all
    select 'accepted offer ' || o.id || ' with both appointments completed still holds its escrow' from offers o
      join appointments f on f.id = o.from_appointment_id join appointments t on t.id = o.to_appointment_id
      where o.status = 'accepted' and o.escrow_status = 'held' and f.status = 'completed' and t.status = 'completed'
        and greatest(f.updated_at, t.updated_at) < ${grace}`);
  return found.map((r) => r.problem);
}

/**
 * No job lost or stuck (decision 0028): every job due more than `graceSeconds` ago has run (a killed
 * runner's job is freed for the next runner within JOB_RUNNER_DEAD_AFTER_SECONDS), none has used up
 * its tries, every live offer has its expiry job, and every e-mail waiting has its sending job.
 */
export async function jobProblems(db: Q, graceSeconds: number): Promise<string[]> {
  const grace = `now() - make_interval(secs => ${Number(graceSeconds)})`;
  const found = await rows<{ problem: string }>(db, `
    select 'job ' || j.id || ' (' || t.identifier || ') ' ||
           case when j.attempts >= j.max_attempts then 'failed for good: ' || coalesce(j.last_error, '') else 'due since ' || j.run_at || ' never done' end as problem
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      -- A job with its tries used up and no error was superseded, not failed: add_job met it locked (under
      -- way, or its runner killed) and added a new one for the same key, which carries the work on.
      where (j.attempts >= j.max_attempts and j.last_error is not null) or (j.attempts < j.max_attempts and j.run_at < ${grace})
    union all
    select 'live offer ' || o.id || ' has no expiry job' from offers o
      where o.status in ('pending', 'negotiating')
        and not exists (select 1 from graphile_worker._private_jobs j where j.key = 'offers:expire:' || o.id)
    union all
    select 'e-mail ' || e.id || ' waiting with no job to send it' from email_outbox e
      where e.status = 'pending' and e.appointment_id is not null
        and not exists (select 1 from graphile_worker._private_jobs j where j.key = 'email:appointment:' || e.appointment_id and j.attempts < j.max_attempts)`);
  return found.map((r) => r.problem);
}

export async function overlaps(db: Q): Promise<string[]> {
  const found = await rows<{ a: number; b: number }>(db, `select a.id as a, b.id as b from appointments a join appointments b
      on a.business_id = b.business_id and a.id < b.id and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(b.starts_at, b.ends_at, '[)')
    where a.exclusive and b.exclusive and a.status = 'confirmed' and b.status = 'confirmed'`);
  return found.map((r) => `appointments ${r.a} and ${r.b} overlap`);
}

/**
 * No outbox message reached the SMTP server twice, but for the repeats a fault may cause: a kill, or
 * a dropped connection, between the server's OK and marking the row sent leaves it pending, and the
 * job runs again (on the next runner once the dead one's jobs are freed, or as the failed job's retry)
 * and sends it again (at-least-once, docs/operations.md). At most `maxRepeats` (each fault cuts short
 * at most the jobs under way: JOB_CONCURRENCY), never a third delivery; `repeated` counts them,
 * `unmarked` those still pending.
 */
export async function emailProblems(db: Q, received: ReceivedMail[], maxRepeats: number): Promise<{ problems: string[]; unmarked: number; repeated: number; sent: number }> {
  const times = new Map<number, number>();
  for (const mail of received) times.set(mail.outboxId, (times.get(mail.outboxId) ?? 0) + 1);
  const problems = [...times].filter(([, n]) => n > 2).map(([id, n]) => `e-mail ${id} delivered ${n} times`);
  const repeated = [...times.values()].filter((n) => n === 2).length;
  if (repeated > maxRepeats) problems.push(`${repeated} e-mails delivered twice: more than the ${maxRepeats} the faults could cut short`);
  const outbox = await rows<{ id: number; status: string }>(db, 'select id, status from email_outbox');
  let unmarked = 0;
  for (const row of outbox) {
    if (row.status === 'sent' && !times.has(row.id)) problems.push(`e-mail ${row.id} marked sent but never delivered`);
    if (row.status !== 'sent' && times.has(row.id)) unmarked++;
  }
  return { problems, unmarked, repeated, sent: outbox.filter((r) => r.status === 'sent').length };
}

/**
 * No offer half-applied: an accepted offer's two appointments hold each other's booked times, an
 * appointment in no accepted offer holds its own (the clients never reschedule), and the escrow of
 * every accepted offer was posted (held, released or refunded), never left pending.
 */
export async function halfAppliedOffers(db: Q, world: World): Promise<string[]> {
  const current = new Map((await rows<{ id: number; at: string }>(db, `select id, to_char(starts_at, 'YYYY-MM-DD HH24:MI') as at from appointments`)).map((r) => [r.id, r.at]));
  const accepted = await rows<{ id: number; from_appointment_id: number; to_appointment_id: number; posted: string; pending: string; escrow_status: string }>(db, `
    select o.id, o.from_appointment_id, o.to_appointment_id, o.escrow_status,
      coalesce(sum(e.credits_posted - e.debits_posted), 0) as posted, coalesce(sum(e.credits_pending - e.debits_pending), 0) as pending
    from offers o left join ledger_accounts e on e.kind = 'offer_escrow' and e.offer_id = o.id
    where o.status = 'accepted' group by o.id`);
  const problems: string[] = [];
  const swapped = new Map<number, number>();
  for (const o of accepted) {
    for (const [a, b] of [[o.from_appointment_id, o.to_appointment_id], [o.to_appointment_id, o.from_appointment_id]]) {
      if (swapped.has(a)) problems.push(`appointment ${a} in two accepted offers`);
      swapped.set(a, b);
    }
    if (Number(o.pending) !== 0) problems.push(`accepted offer ${o.id} still has ${o.pending} pending in escrow`);
    if (o.escrow_status === 'held' && Number(o.posted) <= 0) problems.push(`accepted offer ${o.id} holds nothing in escrow`);
    if (o.escrow_status !== 'held' && Number(o.posted) !== 0) problems.push(`settled offer ${o.id} left ${o.posted} in escrow`);
  }
  for (const a of world.appointments.values()) {
    const partner = swapped.get(a.id);
    const expected = partner === undefined ? a.bookedAt : world.appointments.get(partner)?.bookedAt;
    if (expected !== undefined && current.get(a.id) !== expected) {
      problems.push(`appointment ${a.id} is at ${current.get(a.id)}, expected ${expected}${partner ? ` (swapped with ${partner})` : ' (never swapped)'}`);
    }
  }
  return problems;
}

/**
 * The change log's follow-ups (decision 0029, issue 28), once the runners have drained: every change
 * is marked followed (no follow job lost), and each follower did its part exactly once: the notices
 * and e-mails the changes call for, counted per appointment (or offer, or offer and user) and kind
 * against those in the tables. Fewer is a change without its follow-ups, more is one done twice.
 * The rules mirror que_change_notices and que_change_email for what the fault clients do (customers
 * book and cancel their own visits at shops that are not restaurants, owners complete them, offers
 * carry their notices in data.notices). Live pushes leave no row and are not counted here.
 */
export async function changeFollowUpProblems(db: Q): Promise<{ unfollowed: string[]; missing: string[]; twice: string[] }> {
  const unfollowed = await rows<{ id: string; kind: string; queued: boolean }>(db, `
    select c.id, c.kind, exists (select 1 from graphile_worker._private_jobs j
                                  where j.payload->>'changeId' = c.id::text and j.attempts < j.max_attempts) as queued
      from changes c where not exists (select 1 from changes_followed f where f.change_id = c.id) order by c.id`);
  const counts = await rows<{ channel: string; subject: number; user_id: number; kind: string; expected: number; actual: number }>(db, `
    with c as (
      select c.*, a.customer_id, a.customer_email, b.owner_id
        from changes c left join appointments a on a.id = c.appointment_id left join businesses b on b.id = a.business_id),
    expected as (
      select 'notice' as channel, c.appointment_id as subject, 0 as user_id,
             case c.kind when 'booked' then 'booking_confirmed' when 'moved' then 'booking_rescheduled' when 'cancelled' then 'booking_cancelled'
                         when 'completed' then 'review_request' else 'staff_reassigned' end as kind
        from c where c.offer_id is null and c.kind in ('booked', 'moved', 'cancelled', 'completed', 'reassigned')
         and (c.data->>'notice')::boolean is not false
         and not (c.kind = 'booked' and c.actor_id is distinct from c.customer_id)
         and not (c.kind = 'completed' and c.customer_id = c.owner_id)
      union all
      select 'offer notice', c.offer_id, (n->>'userId')::int, n->>'kind'
        from c cross join lateral jsonb_array_elements(coalesce(c.data->'notices', '[]')) n where c.offer_id is not null
      union all
      select 'e-mail', c.appointment_id, 0,
             case c.kind when 'booked' then 'booking_confirmed' when 'moved' then 'booking_rescheduled' when 'swapped' then 'booking_swapped' else 'booking_cancelled' end
        from c where c.offer_id is null and c.kind in ('booked', 'moved', 'swapped', 'cancelled') and coalesce(c.customer_email, '') <> ''
         -- a cancellation is e-mailed only after an announcement (que_appointment_email_of): one in the outbox
         -- (a lost announcement is counted against its own change above). A cancel seen once in CI with a
         -- booked change before it and no e-mail at all is left to find (the 2026-12-05 closing note).
         and (c.kind <> 'cancelled' or exists (select 1 from email_outbox o where o.appointment_id = c.appointment_id
                                                and o.kind in ('booking_confirmed', 'booking_rescheduled', 'booking_swapped')))),
    actual as (
      select 'notice' as channel, appointment_id as subject, 0 as user_id, kind from notifications
        where offer_id is null and appointment_id is not null
          and kind in ('booking_confirmed', 'booking_rescheduled', 'booking_cancelled', 'review_request', 'staff_reassigned')
      union all
      select 'offer notice', offer_id, user_id, kind from notifications where offer_id is not null
      union all
      select 'e-mail', appointment_id, 0, kind from email_outbox
        where appointment_id is not null and kind in ('booking_confirmed', 'booking_rescheduled', 'booking_swapped', 'booking_cancelled'))
    select channel, subject, user_id, kind, coalesce(e.n, 0)::int as expected, coalesce(a.n, 0)::int as actual
      from (select channel, subject, user_id, kind, count(*) as n from expected group by 1, 2, 3, 4) e
      full join (select channel, subject, user_id, kind, count(*) as n from actual group by 1, 2, 3, 4) a using (channel, subject, user_id, kind)
     where coalesce(e.n, 0) <> coalesce(a.n, 0)
     order by channel, subject, kind`);
  const say = (r: (typeof counts)[number]) =>
    `${r.channel} ${r.kind} of ${r.channel === 'offer notice' ? `offer ${r.subject} to user ${r.user_id}` : `appointment ${r.subject}`}: ${r.actual} for ${r.expected} change(s)`;
  return {
    unfollowed: unfollowed.map((r) => `change ${r.id} (${r.kind}) never followed, ${r.queued ? 'its job still waiting' : 'and no job left to follow it'}`),
    missing: counts.filter((r) => r.actual < r.expected).map(say),
    twice: counts.filter((r) => r.actual > r.expected).map(say),
  };
}

/**
 * Deposits, fees and waitlist holds (issue 29, DESIGN section 11): no fee or deposit charged twice,
 * a deposit's escrow as its settlement says, no slot held twice, holds and entries agreeing, and no
 * held slot left held `graceSeconds` past its expiry (its lapse job a killed runner's to take over).
 */
export async function depositAndHoldProblems(db: Q, graceSeconds: number): Promise<{ chargedTwice: string[]; holds: string[] }> {
  const run = async (checks: string[]) => (await rows<{ problem: string }>(db, checks.map((q) => `(${q})`).join(' union all '))).map((r) => r.problem);
  return {
    chargedTwice: await run([CHARGED_TWICE, DEPOSIT_ESCROW]),
    holds: await run([DOUBLE_HELD, HOLDS_MATCH_ENTRIES, heldPast(`now() - make_interval(secs => ${Number(graceSeconds)})`)]),
  };
}

/**
 * No reminder sent twice (decision 0031): each appointment has as many reminder e-mails in the outbox
 * as reminders marked sent, and at most one is sent per appointment, offset and start (a move or a
 * swap plans them again for the new start).
 */
export async function reminderProblems(db: Q): Promise<{ problems: string[]; sent: number }> {
  const found = await rows<{ problem: string }>(db, `
    select 'appointment ' || coalesce(r.appointment_id, e.appointment_id) || ': ' || coalesce(e.n, 0) || ' reminder e-mails for ' || coalesce(r.n, 0) || ' reminders sent' as problem
      from (select appointment_id, count(*) as n from reminders where status = 'sent' group by appointment_id) r
      full join (select appointment_id, count(*) as n from email_outbox where kind = 'reminder' group by appointment_id) e using (appointment_id)
     where coalesce(r.n, 0) <> coalesce(e.n, 0)
    union all
    select 'appointment ' || appointment_id || ': ' || count(*) || ' reminders sent at ' || offset_minutes || ' minutes before ' || starts_at from reminders
     where status = 'sent' group by appointment_id, offset_minutes, starts_at having count(*) > 1`);
  const [{ sent }] = await rows<{ sent: number }>(db, `select count(*)::int as sent from reminders where status = 'sent'`);
  return { problems: found.map((r) => r.problem), sent };
}
