import { sql } from 'drizzle-orm';

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
