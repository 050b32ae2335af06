import { asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import type { InviteInput } from './appointment-invite.js';

export type EmailRow = typeof emailOutbox.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Messages are queued in SQL by the change's follow job (que_change_email, decision 0029).

/** The change log's follower (decisions 0029, 0040), run in the change's follow statement: the customer's e-mail about a change, to the outbox with its sending job (que_change_email); no live events. */
export const changeEmail = { sql: sql`(select null::jsonb from que_change_email(c))` };

export interface DueEmail {
  id: number;
  toEmail: string;
  subject: string;
  text: string;
  ics: string | null;
  /** What the invite says, when the .ics is still to be rendered (rows queued by SQL). */
  invite: InviteInput | null;
  attempts: number;
}

/**
 * The appointment's oldest message not sent yet, its try counted (a try cut short by a crash counts
 * too). Mail about one appointment leaves in the order it was written (DESIGN section 7): the job
 * that sends it runs alone in the queue all its jobs go to (email-worker.ts), takes the oldest pending
 * message first and stops at one that waits for a retry, so a cancellation never overtakes its
 * confirmation, with any number of runners. A message failed for good no longer holds the rest.
 */
export async function takeNextEmail(db: Db, appointmentId: number): Promise<DueEmail | null> {
  const result = await db.execute(sql`
    update email_outbox e set attempts = e.attempts + 1
    where e.id = (select o.id from email_outbox o where o.appointment_id = ${appointmentId} and o.status = 'pending' order by o.id limit 1)
    returning e.id, e.to_email, e.subject, e.text, e.ics, e.invite, e.attempts`);
  const [r] = rowsOf<Record<string, unknown>>(result);
  if (!r) return null;
  return {
    id: Number(r.id),
    toEmail: String(r.to_email),
    subject: String(r.subject),
    text: String(r.text),
    ics: (r.ics as string | null) ?? null,
    invite: (r.invite as InviteInput | null) ?? null,
    attempts: Number(r.attempts),
  };
}

/**
 * One statement right after the SMTP server took the message: the window for a repeat stays tiny.
 * The .ics rendered for it is kept with the row, as a record of what was sent.
 */
export async function markEmailSent(db: Db, id: number, ics: string | null = null): Promise<void> {
  await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null, ics = coalesce(ics, ${ics}::text) where id = ${id} and status = 'pending'`);
}

/** The try's error, kept on the row; given up on, the row is failed and no longer holds its appointment's later mail. */
export async function markEmailFailed(db: Db, id: number, error: string, giveUp: boolean): Promise<void> {
  await db.execute(sql`
    update email_outbox set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${error.slice(0, 1000)}
    where id = ${id} and status = 'pending'`);
}

/** Messages not sent yet (or given up on), oldest first: what `npm run outbox` prints. */
export async function listUnsentEmails(db: Db, limit = 100): Promise<EmailRow[]> {
  return db.select().from(emailOutbox).where(ne(emailOutbox.status, 'sent')).orderBy(asc(emailOutbox.id)).limit(limit);
}
