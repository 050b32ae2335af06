import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { reminderLinks } from './reminder-links.js';
import { lockDueReminders, planNextSend, sendReminders } from './reminders.repository.js';

/** The reminders' one send job (decision 0038), keyed `reminders:due`: due when the first planned reminder is (que_reminders_due_by). */
export const SEND_REMINDER = 'reminders_send';

/**
 * Reminders one run of the job sends at most, in one transaction; after a full batch it runs again
 * at once (any runner), so a busy hour's 24 h reminders go out in batches (bench/reminders.ts).
 */
export const REMINDER_BATCH = 50;

export interface ReminderJobOptions {
  /** The link key (reminderLinkKey) and the address the links open. */
  linkKey: Buffer;
  publicUrl: string;
  /** The app's clock: a reminder whose start has passed by it is skipped, not sent. */
  now: () => Date;
}

/**
 * The reminders' task (decisions 0028, 0038): one keyed job, run by any runner when the first planned
 * reminder is due. In one transaction it locks up to REMINDER_BATCH reminders due (skipping those
 * another runner holds) and moves each from planned to sent with its e-mail in the outbox
 * (que_reminder_send, which re-checks under the lock); in the next it sets when it runs next. Two runners, a
 * second job, or a job run again after a crash send each once: the row's status decides.
 */
export function reminderJobs(db: Db, options: ReminderJobOptions): JobFeature {
  return {
    tasks: {
      [SEND_REMINDER]: async () => {
        const full = await unitOfWork(db, async (tx) => {
          const due = await lockDueReminders(tx, REMINDER_BATCH);
          const batch = due.map((reminder) => ({ reminder, links: reminderLinks(options.linkKey, options.publicUrl, reminder.appointmentId, reminder.start) }));
          if (batch.length > 0) await sendReminders(tx, batch, options.now());
          return batch.length === REMINDER_BATCH;
        });
        // Its own transaction, holding no reminder: a planner (a follow transaction) may hold the job's
        // row while it waits for one of the rows just sent, and the two waited on each other.
        await unitOfWork(db, (tx) => planNextSend(tx, full));
      },
    },
  };
}
