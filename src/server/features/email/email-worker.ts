import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createTransport, type SendMailOptions } from 'nodemailer';
import { oneLine } from '../../../contract/text.js';
import type { Db } from '../../db/client.js';
import { runInBackground } from '../../plugins/background-loop.js';
import { appointmentInvite } from './appointment-invite.js';
import { type DueEmail, leaseDueEmails, markEmailFailed, markEmailSent } from './email-outbox.repository.js';

const BATCH = 10;
const EVERY_MS = 1000;
/** Far longer than one send can take with the transport's timeouts below: a live sender's lease never ends under it. */
export const LEASE_SECONDS = 300;
export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … after the nth failed try, at most an hour. */
export const emailBackoffSeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

export interface MailSender {
  sendMail(message: SendMailOptions): Promise<unknown>;
}

/** An SMTP transport for SMTP_URL, with timeouts that keep every send well inside its lease. */
export function smtpSender(url: string): MailSender & { close(): void } {
  return createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
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

async function recordFailure(db: Db, log: FastifyBaseLogger | undefined, email: DueEmail, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const giveUp = isPermanent(error) || email.attempts >= MAX_ATTEMPTS;
  await markEmailFailed(db, email.id, message, { delaySeconds: emailBackoffSeconds(email.attempts), giveUp });
  if (giveUp) log?.error({ err: error, emailId: email.id, attempts: email.attempts }, 'e-mail failed for good');
  else log?.warn({ err: error, emailId: email.id, attempts: email.attempts }, 'e-mail not sent; will retry');
}

/**
 * Sends every due message once, in batches, on this process's share of them: several workers on
 * one PostgreSQL never lease the same message. A message is marked sent in one statement as soon as
 * the server accepts it; only a crash between those two steps can repeat it, after its lease.
 * A batch holds at most one message per appointment (the next one waits for it: leaseDueEmails),
 * so the round goes on until nothing is left: a cancellation follows its confirmation at once.
 */
export async function runDueEmails(db: Db, sender: MailSender, from: string, log?: FastifyBaseLogger): Promise<number> {
  let ran = 0;
  for (;;) {
    const batch = await leaseDueEmails(db, BATCH, LEASE_SECONDS);
    for (const email of batch) {
      let ics: string | null;
      try {
        ics = icsOf(email);
        await sender.sendMail(messageOf({ ...email, ics }, from));
      } catch (error) {
        await recordFailure(db, log, email, error);
        continue;
      }
      await markEmailSent(db, email.id, email.ics === null ? ics : null);
    }
    if (batch.length === 0) return ran;
    ran += batch.length;
  }
}

/** Sends due e-mail every second while the app runs. */
export function startEmailWorker(app: FastifyInstance, sender: MailSender & { close?(): void }) {
  runInBackground(app, {
    name: 'e-mail worker round',
    everyMs: EVERY_MS,
    round: () => runDueEmails(app.db, sender, app.config.MAIL_FROM, app.log),
    afterClose: () => sender.close?.(),
  });
}
