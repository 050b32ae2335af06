import { sql } from 'drizzle-orm';
import { Logger, runOnce } from 'graphile-worker';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../db/client.js';
import { changesFollowed, createTestApp, type TestContext } from '../../test/test-app.js';
import { emailTasks, type MailSender } from './email-worker.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

export interface MailTestBed {
  ctx: TestContext;
  smtp: TestSmtpServer;
}

/**
 * An app with no workers of its own (the tests run e-mail rounds themselves) and a real SMTP server
 * to send to, for a whole test file. Every test starts with nothing due: mail queued by earlier tests
 * is marked sent, and what the server received is forgotten.
 */
export function useMailTestBed(): MailTestBed {
  const bed = {} as MailTestBed;
  beforeAll(async () => {
    bed.smtp = await startTestSmtpServer();
    bed.ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
  });
  afterAll(async () => {
    await bed.ctx?.close();
    await bed.smtp?.close();
  });
  beforeEach(async () => {
    // Earlier tests' changes are followed first, so none of their mail arrives during this one.
    await changesFollowed(bed.ctx.database);
    await bed.ctx.database.db.execute(sql`update email_outbox set status = 'sent' where status = 'pending'`);
    await bed.ctx.database.db.execute(sql`delete from graphile_worker._private_jobs`);
    bed.smtp.received.length = 0;
  });
  return bed;
}

/** No log lines from the tests' runners: a refused message is what some tests are about. */
const silent = new Logger(() => () => {});

/**
 * Runs every e-mail job that is due now, as a runner process would, and returns the messages it
 * tried to send (accepted or refused). Two calls at once are two runners. The changes made so far
 * are followed first: their follow jobs (the app's runner) write the mail and add these jobs.
 */
export async function runDueEmails(database: Database, sender: MailSender, from: string): Promise<number> {
  await changesFollowed(database);
  let tried = 0;
  const counting: MailSender = { sendMail: (message) => (tried++, sender.sendMail(message)) };
  const pgPool = database.jobPool(3);
  try {
    // runOnce stops at the first look that finds nothing, and a look finds nothing while another
    // runner's look holds the queues (the library locks every free queue row while it chooses): the
    // app's own runner, which follows changes, looks now and then. So it runs again while an e-mail
    // job is due in a free queue.
    do {
      await runOnce({ pgPool, taskList: emailTasks(database.db, counting, from), noHandleSignals: true, logger: silent });
    } while (await emailJobDue(database));
  } finally {
    if (database.kind === 'postgres') await pgPool.end();
  }
  return tried;
}

/** Whether an e-mail job is due and free to take: not running, not waiting out a backoff, its queue not held. */
async function emailJobDue(database: Database): Promise<boolean> {
  const result = (await database.db.execute(sql`select exists (
    select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
     where t.identifier = 'email_send_appointment' and j.locked_at is null and j.run_at <= now() and j.attempts < j.max_attempts
       and (q.id is null or q.locked_at is null)) as due`)) as unknown as { rows: { due: boolean }[] };
  return result.rows[0]?.due ?? false;
}

/** Makes an appointment's waiting e-mail job due now: its retry's backoff has passed. */
export async function makeEmailJobDue(database: Database, appointmentId: number): Promise<void> {
  await database.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where key = ${`email:appointment:${appointmentId}`}`);
}
