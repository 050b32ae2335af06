import { asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import type { InviteInput } from './appointment-invite.js';

export type EmailRow = typeof emailOutbox.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Messages are queued in SQL, in the changing transaction (que_appointment_email).

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
 * Takes up to `limit` due messages for this worker in one statement: SKIP LOCKED passes over rows
 * another worker is taking, and moving run_after past the lease hides them from every worker until
 * it ends, so a message is in one sender's hands at a time. If the sender dies mid-send, the lease
 * runs out and the message is tried again; attempts counts that try too.
 *
 * Mail about one appointment leaves in the order it was written (DESIGN section 7): a message is
 * taken only when no earlier message of its appointment is still pending, whether due, waiting out
 * a retry's backoff or leased by a sender right now. So a cancellation never overtakes its
 * confirmation, with any number of workers; an earlier message blocks the later ones until it is
 * sent or given up on (failed). A statement's snapshot cannot take the later message before the
 * earlier one is marked sent: the earlier one's 'sent' commits before the later one is leased.
 */
export async function leaseDueEmails(db: Db, limit: number, leaseSeconds: number): Promise<DueEmail[]> {
  const result = await db.execute(sql`
    update email_outbox e
    set attempts = e.attempts + 1, run_after = now() + make_interval(secs => ${leaseSeconds})
    where e.id in (
      select o.id from email_outbox o
      where o.status = 'pending' and o.run_after <= now()
        and not exists (
          select 1 from email_outbox earlier
          where earlier.appointment_id = o.appointment_id and earlier.id < o.id and earlier.status = 'pending'
        )
      order by o.run_after, o.id
      limit ${limit}
      for update of o skip locked
    )
    returning e.id, e.to_email, e.subject, e.text, e.ics, e.invite, e.attempts`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    toEmail: String(r.to_email),
    subject: String(r.subject),
    text: String(r.text),
    ics: (r.ics as string | null) ?? null,
    invite: (r.invite as InviteInput | null) ?? null,
    attempts: Number(r.attempts),
  }));
}

/**
 * One statement right after the SMTP server took the message: the window for a repeat stays tiny.
 * The .ics rendered for it is kept with the row, as a record of what was sent.
 */
export async function markEmailSent(db: Db, id: number, ics: string | null = null): Promise<void> {
  await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null, ics = coalesce(ics, ${ics}::text) where id = ${id} and status = 'pending'`);
}

export async function markEmailFailed(db: Db, id: number, error: string, retry: { delaySeconds: number; giveUp: boolean }): Promise<void> {
  await db.execute(sql`
    update email_outbox
    set status = ${retry.giveUp ? 'failed' : 'pending'}, last_error = ${error.slice(0, 1000)},
        run_after = now() + make_interval(secs => ${retry.delaySeconds})
    where id = ${id} and status = 'pending'`);
}

/** Messages not sent yet (or given up on), oldest first: what `npm run outbox` prints. */
export async function listUnsentEmails(db: Db, limit = 100): Promise<EmailRow[]> {
  return db.select().from(emailOutbox).where(ne(emailOutbox.status, 'sent')).orderBy(asc(emailOutbox.id)).limit(limit);
}
