// The invariants of deposits, fees and waitlist holds (DESIGN section 11, decisions 0032 and 0033),
// as SQL that returns one `problem` row per thing wrong: shared by the deposits and waitlist model
// (waitlist.model.test.ts) and the fault run's checks (bench/fault-checks.ts), which read the same
// tables with their own drivers.

/**
 * Each charge once: a fee transfer at most once per appointment and kind, a deposit held at most
 * once and settled at most once, every pending transfer resolved at most once, and at most one
 * card action of each kind per payment.
 */
export const CHARGED_TWICE = `
  select 'appointment ' || appointment_id || ': ' || count(*) || ' transfers ' || code as problem from ledger_transfers
   where appointment_id is not null and flags = 'single' and code in ('no_show_fee', 'late_cancel_fee', 'deposit_posted', 'deposit_kept')
   group by appointment_id, code having count(*) > 1
  union all
  select 'appointment ' || appointment_id || ': deposit held ' || count(*) || ' times' from ledger_transfers
   where appointment_id is not null and code = 'deposit_hold' and flags = 'pending' group by appointment_id having count(*) > 1
  union all
  select 'pending transfer ' || pending_id || ' resolved ' || count(*) || ' times' from ledger_transfers
   where pending_id is not null group by pending_id having count(*) > 1
  union all
  select 'appointment ' || appointment_id || ': ' || count(*) || ' settlements of ' || kind from appointment_charges
   group by appointment_id, kind having count(*) > 1
  union all
  select 'payment ' || payment_intent_id || ': ' || count(*) || ' actions ' || kind from payment_actions
   where payment_intent_id is not null group by payment_intent_id, kind having count(*) > 1`;

/** No slot held twice: no two rows that occupy time (confirmed, completed, held) overlap for one member. */
export const DOUBLE_HELD = `
  select 'appointments ' || a.id || ' (' || a.status || ') and ' || b.id || ' (' || b.status || ') hold one time' as problem
    from appointments a join appointments b on a.business_id = b.business_id and a.id < b.id
     and a.staff_id is not distinct from b.staff_id and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(b.starts_at, b.ends_at, '[)')
   where a.exclusive and b.exclusive and a.status in ('confirmed', 'completed', 'held') and b.status in ('confirmed', 'completed', 'held')`;

/** A hold and its entry agree: every held row is the one offered entry's, every offered entry's row is held. */
export const HOLDS_MATCH_ENTRIES = `
  select 'held appointment ' || a.id || ' has ' || count(w.id) || ' offered entries' as problem
    from appointments a left join waitlist_entries w on w.appointment_id = a.id and w.status = 'offered'
   where a.status = 'held' group by a.id having count(w.id) <> 1
  union all
  select 'offered entry ' || w.id || ': its appointment ' || coalesce(a.id::text, 'none') || ' is ' || coalesce(a.status, 'missing')
    from waitlist_entries w left join appointments a on a.id = w.appointment_id
   where w.status = 'offered' and a.status is distinct from 'held'`;

/** No held slot past its expiry once expiry ran up to `at` (an SQL instant), among the rows `scope` selects. */
export const heldPast = (at: string, scope = 'true') => `
  select 'appointment ' || id || ' still held, its hold ended at ' || held_until as problem from appointments
   where status = 'held' and held_until <= ${at} and ${scope}`;

/** A deposit's escrow holds it while unsettled, and nothing once settled; a settled deposit's hold resolved once. */
export const DEPOSIT_ESCROW = `
  select 'appointment ' || p.appointment_id || ' (' || a.status || '): escrow pending ' || coalesce(e.credits_pending - e.debits_pending, 0)
         || ', posted ' || coalesce(e.credits_posted - e.debits_posted, 0) || ' with the deposit ' || coalesce(c.outcome, 'unsettled') as problem
    from appointment_payments p join appointments a on a.id = p.appointment_id
    left join appointment_charges c on c.appointment_id = p.appointment_id and c.kind = 'deposit'
    left join ledger_accounts e on e.kind = 'appointment_escrow' and e.appointment_id = p.appointment_id
   where p.policy = 'deposit' and not (
     coalesce(e.credits_posted - e.debits_posted, 0) = 0
     and coalesce(e.credits_pending - e.debits_pending, 0) = case when c.outcome is null then p.deposit_cents else 0 end)`;
