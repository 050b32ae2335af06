import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type SendMailOptions } from 'nodemailer';
import { oneLine } from '../../../contract/text.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { enqueueJob, type JobTasks } from '../../jobs/job-queue.js';
import { appointmentInvite } from './appointment-invite.js';
import { type DueEmail, markEmailFailed, markEmailSent, takeNextEmail } from './email-outbox.repository.js';

/** The job SQL adds (que_appointment_email_of) when it writes an appointment's e-mail. */
export const SEND_APPOINTMENT_EMAIL = 'email_send_appointment';
export const MAX_ATTEMPTS = 8;

/**
 * 30 s, 1 min, 2 min … after the nth failed try, at most an hour. Slower at first than the queue's
 * own retry backoff (e^n s: 3 s, 7 s, 20 s): a server that greylists or is briefly down wants
 * minutes, not seconds, so a refused message schedules its appointment's next job itself.
 */
export const emailBackoffSeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

/** Queues e-mail jobs are spread over; an appointment's jobs are always in the same one (que_appointment_email_of). */
const EMAIL_QUEUES = 16;

/** The appointment's next sending job, at `runAt` (now when unset), as que_appointment_email_of adds it. */
export function enqueueAppointmentEmail(db: Db, appointmentId: number, runAt?: Date) {
  const queueName = `email:${appointmentId % EMAIL_QUEUES}`;
  return enqueueJob(db, SEND_APPOINTMENT_EMAIL, { appointmentId }, { queueName, jobKey: `email:appointment:${appointmentId}`, runAt });
}

export interface MailSender {
  sendMail(message: SendMailOptions): Promise<unknown>;
}

/**
 * An SMTP transport for SMTP_URL, with timeouts that keep every send well inside its lease. Pooled:
 * a few connections kept open and reused (closed after idling), so a message does not wait for a new
 * connection's greeting and EHLO (and TLS) each time; a dropped connection is opened again.
 */
export function smtpSender(url: string): MailSender & { close(): void } {
  return createTransport({ url, pool: true, maxConnections: 3, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
}

/** The .ics of a message: stored, or rendered now from the invite data SQL queued (DTSTAMP is the send time). */
const icsOf = (email: DueEmail): string | null => email.ics ?? (email.invite ? appointmentInvite(email.invite) : null);

function messageOf(email: DueEmail & { ics: string | null }, from: string): SendMailOptions {
  const method = email.ics?.match(/^METHOD:(\w+)/m)?.[1] ?? 'REQUEST';
  return {
    from,
    to: email.toEmail,
    // A header is one line: a name in the subject that holds a line break (a row stored before names
    // were kept on one line) must not start another header.
    subject: oneLine(email.subject),
    text: email.text,
    // Which outbox row this is: a receiving side (or a person) can spot a repeat after a crash.
    headers: { 'X-Que-Outbox-Id': String(email.id) },
    // Sent as the text/calendar part calendars act on, and as an attachment for the rest.
    ...(email.ics ? { icalEvent: { method, filename: 'invite.ics', content: email.ics } } : {}),
  };
}

/** A 5xx reply is the server's final word (bad address, refused content): trying again cannot help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends the appointment's pending mail, oldest first: the job runs alone in its queue, where every
 * job of the appointment is, so no other runner sends its mail meanwhile. A message is marked sent in one statement as soon as
 * the server accepts it; only a crash between those two steps can repeat it (after the dead runner's
 * lock ends). A refused message stops the round, and the next job is scheduled after its backoff in
 * the same transaction that records the error: the later messages wait for it. A message given up
 * on (a 5xx reply, or MAX_ATTEMPTS tries) is marked failed and the rest go on. Returns the messages tried.
 */
export async function sendAppointmentEmails(db: Db, sender: MailSender, from: string, appointmentId: number, log?: FastifyBaseLogger): Promise<number> {
  let tried = 0;
  for (let email = await takeNextEmail(db, appointmentId); email; email = await takeNextEmail(db, appointmentId)) {
    tried++;
    let ics: string | null;
    try {
      ics = icsOf(email);
      await sender.sendMail(messageOf({ ...email, ics }, from));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = isPermanent(error) || email.attempts >= MAX_ATTEMPTS;
      if (giveUp) {
        await markEmailFailed(db, email.id, message, true);
        log?.error({ err: error, emailId: email.id, attempts: email.attempts }, 'e-mail failed for good');
        continue;
      }
      const retryAt = new Date(Date.now() + emailBackoffSeconds(email.attempts) * 1000);
      await unitOfWork(db, async (tx) => {
        await markEmailFailed(tx, email.id, message, false);
        await enqueueAppointmentEmail(tx, appointmentId, retryAt);
      });
      log?.warn({ err: error, emailId: email.id, attempts: email.attempts }, 'e-mail not sent; will retry');
      return tried;
    }
    await markEmailSent(db, email.id, email.ics === null ? ics : null);
  }
  return tried;
}

/** The e-mail feature's tasks for the job runner (app.ts), sending through `sender`. */
export function emailTasks(db: Db, sender: MailSender, from: string, log?: FastifyBaseLogger): JobTasks {
  return {
    [SEND_APPOINTMENT_EMAIL]: async (payload) => {
      const { appointmentId } = payload as { appointmentId: number };
      await sendAppointmentEmails(db, sender, from, appointmentId, log);
    },
  };
}
