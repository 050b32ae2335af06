import { sql } from 'drizzle-orm';
import { RULES } from '../../../contract/rules.js';
import type { AppointmentReminder, ReminderRule } from '../../../contract/reminders.js';
import type { Db } from '../../db/client.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The business's reminder rules: as its owner last set them, else the defaults (RULES.defaultReminders). */
export async function readReminderRules(db: Db, businessId: number): Promise<ReminderRule[]> {
  const [row] = rowsOf<{ rules: ReminderRule[] }>(await db.execute(sql`select rules from reminder_settings where business_id = ${businessId}`));
  return row ? row.rules : RULES.defaultReminders.map((r) => ({ ...r }));
}

/** Replaces the whole list (applies to appointments booked or moved from now on). */
export async function saveReminderRules(db: Db, businessId: number, rules: ReminderRule[]): Promise<void> {
  await db.execute(sql`insert into reminder_settings (business_id, rules) values (${businessId}, ${JSON.stringify(rules)}::jsonb)
    on conflict (business_id) do update set rules = excluded.rules, updated_at = now()`);
}

/** An appointment's reminders, newest start first, then by due time. */
export async function listAppointmentReminders(db: Db, appointmentId: number): Promise<AppointmentReminder[]> {
  const rows = rowsOf<{
    id: number; offset_minutes: number; status: AppointmentReminder['status']; date: string; time: string;
    due_at: Date | string; settled_at: Date | string | null; reason: string | null;
  }>(await db.execute(sql`select id, offset_minutes, status, to_char(starts_at, 'YYYY-MM-DD') as date, to_char(starts_at, 'HH24:MI') as time,
      due_at, settled_at, reason from reminders where appointment_id = ${appointmentId} order by starts_at desc, due_at, id`));
  return rows.map((r) => ({
    id: r.id, offsetMinutes: r.offset_minutes, channel: 'email', status: r.status, date: r.date, time: r.time,
    dueAt: iso(r.due_at)!, settledAt: iso(r.settled_at), reason: r.reason,
  }));
}

export interface DueReminder {
  id: number;
  appointmentId: number;
  offsetMinutes: number;
  /** The instant of the start it is for: its links end then. */
  start: Date;
}

/**
 * In the send job's transaction: up to `limit` reminders due (by the database's clock, which runs the
 * queue) and still planned, first due first, locked; rows another runner holds are skipped (it is
 * sending them).
 */
export async function lockDueReminders(db: Db, limit: number): Promise<DueReminder[]> {
  const rows = rowsOf<{ id: number; appointment_id: number; offset_minutes: number; start: Date | string }>(await db.execute(sql`
    select r.id, r.appointment_id, r.offset_minutes, que_instant(r.starts_at, b.time_zone) as start
      from reminders r join appointments a on a.id = r.appointment_id join businesses b on b.id = a.business_id
     where r.status = 'planned' and r.due_at <= now()
     order by r.due_at
     limit ${limit}
       for update of r skip locked`));
  return rows.map((r) => ({ id: r.id, appointmentId: r.appointment_id, offsetMinutes: r.offset_minutes, start: new Date(r.start) }));
}

/** que_reminder_send for each: sends it once (planned → sent with its e-mail), or settles why not. */
export async function sendReminders(db: Db, batch: { reminder: DueReminder; links: Record<string, string> }[], now: Date): Promise<void> {
  const items = batch.map(({ reminder, links }) => ({ id: reminder.id, links }));
  await db.execute(sql`select que_reminder_send(x.id, x.links, ${now.toISOString()}::timestamptz)
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(id int, links jsonb) order by x.id`);
}

/** When the send job runs next (que_reminders_plan_next): at once after a full batch, else at the next due reminder. */
export async function planNextSend(db: Db, batchFull: boolean): Promise<void> {
  await db.execute(sql`select que_reminders_plan_next(${batchFull}::boolean)`);
}

export interface LinkAppointment {
  id: number; serviceName: string; businessName: string; businessId: number; ownerId: number; date: string; time: string; timeZone: string;
  status: string; customerConfirmedAt: string | null; start: Date;
}

/** The appointment a link is for, with the instant it starts (a link for another start has expired). */
export async function linkAppointment(db: Db, appointmentId: number, lock = false): Promise<LinkAppointment | null> {
  const [row] = rowsOf<{
    id: number; service_name: string; business_name: string; business_id: number; owner_id: number; date: string; time: string; time_zone: string;
    status: string; customer_confirmed_at: Date | string | null; start: Date | string;
  }>(await db.execute(sql`select a.id, s.name as service_name, b.business_name, b.id as business_id, b.owner_id, to_char(a.starts_at, 'YYYY-MM-DD') as date,
      to_char(a.starts_at, 'HH24:MI') as time, b.time_zone, a.status, a.customer_confirmed_at, que_instant(a.starts_at, b.time_zone) as start
      from appointments a join services s on s.id = a.service_id join businesses b on b.id = a.business_id where a.id = ${appointmentId}
      ${lock ? sql`for update of a` : sql``}`));
  if (!row) return null;
  return {
    id: row.id, serviceName: row.service_name, businessName: row.business_name, businessId: row.business_id, ownerId: row.owner_id,
    date: row.date, time: row.time, timeZone: row.time_zone, status: row.status, customerConfirmedAt: iso(row.customer_confirmed_at), start: new Date(row.start),
  };
}

/** Whether the link (appointment, purpose, expiry) was used already. */
export async function linkUsed(db: Db, appointmentId: number, purpose: string, expiresAt: Date): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from reminder_link_uses
    where appointment_id = ${appointmentId} and purpose = ${purpose} and expires_at = ${expiresAt.toISOString()}::timestamptz`));
  return rows.length > 0;
}

/** Records the link's use, in the transaction of what it does; false when it was used already (the unique key decides, also for two at once). */
export async function markLinkUsed(db: Db, appointmentId: number, purpose: string, expiresAt: Date, now: Date): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`insert into reminder_link_uses (appointment_id, purpose, expires_at, used_at)
    values (${appointmentId}, ${purpose}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict do nothing returning 1`));
  return rows.length > 0;
}

/**
 * The reminders' follower of the change log (decisions 0029, 0040, docs/decisions/0031-reminders.md),
 * run in the change's follow statement: plans a booked appointment's reminders (rows the one send job
 * sends when due), re-plans a moved or swapped one, drops a cancelled or completed one's
 * (que_reminders_follow), for an appointment's own changes of those kinds only (an offer's change names
 * its appointments too; its swap is followed as 'swapped'). `now` is the app's clock: a reminder
 * already due then is sent at once or skipped (the due-at-booking rule).
 */
export const remindersFollowChange = {
  sql: sql`case when c.appointment_id is not null and c.offer_id is null and c.kind in ('booked', 'moved', 'swapped', 'cancelled', 'completed')
    then (select null::jsonb from que_reminders_follow(c.appointment_id, ${sql.placeholder('now')}::timestamptz)) end`,
};
