import { asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type NewEmail = Pick<typeof emailOutbox.$inferInsert, 'kind' | 'toEmail' | 'subject' | 'text' | 'ics' | 'icsUid' | 'icsSequence' | 'appointmentId'>;
export type EmailRow = typeof emailOutbox.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Queues a message in the caller's transaction: it exists exactly when the change it reports does. */
export async function insertEmail(tx: Db, values: NewEmail): Promise<void> {
  await tx.insert(emailOutbox).values(values);
}

/**
 * The next SEQUENCE for an appointment's invite: one above the last one queued. The change holds the
 * appointment's row lock, so two changes of one appointment never read the same number.
 */
export async function nextInviteSequence(tx: Db, appointmentId: number): Promise<number> {
  const result = await tx.execute(sql`select coalesce(max(ics_sequence), -1) + 1 as next from email_outbox where appointment_id = ${appointmentId}`);
  return Number(rowsOf<{ next: number | string }>(result)[0].next);
}

export interface BusinessForInvite {
  timeZone: string;
  address: string;
  email: string;
}

export async function businessForInvite(tx: Db, businessId: number): Promise<BusinessForInvite> {
  const result = await tx.execute(sql`select time_zone, address, email from businesses where id = ${businessId}`);
  const [r] = rowsOf<{ time_zone: string; address: string; email: string }>(result);
  return { timeZone: r.time_zone, address: r.address, email: r.email };
}

export interface DueEmail {
  id: number;
  toEmail: string;
  subject: string;
  text: string;
  ics: string | null;
  attempts: number;
}

/**
 * Takes up to `limit` due messages for this worker in one statement: SKIP LOCKED passes over rows
 * another worker is taking, and moving run_after past the lease hides them from every worker until
 * it ends, so a message is in one sender's hands at a time. If the sender dies mid-send, the lease
 * runs out and the message is tried again; attempts counts that try too.
 */
export async function leaseDueEmails(db: Db, limit: number, leaseSeconds: number): Promise<DueEmail[]> {
  const result = await db.execute(sql`
    update email_outbox e
    set attempts = e.attempts + 1, run_after = now() + make_interval(secs => ${leaseSeconds})
    where e.id in (
      select id from email_outbox
      where status = 'pending' and run_after <= now()
      order by run_after, id
      limit ${limit}
      for update skip locked
    )
    returning e.id, e.to_email, e.subject, e.text, e.ics, e.attempts`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    toEmail: String(r.to_email),
    subject: String(r.subject),
    text: String(r.text),
    ics: (r.ics as string | null) ?? null,
    attempts: Number(r.attempts),
  }));
}

/** One statement right after the SMTP server took the message: the window for a repeat stays tiny. */
export async function markEmailSent(db: Db, id: number): Promise<void> {
  await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${id} and status = 'pending'`);
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
