import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { reminderLinks } from './reminder-links.js';
import { lockDueReminders, sendReminders } from './reminders.repository.js';

/** The job que_reminders_follow adds for each planned reminder, at its due time, keyed `reminder:{appointment}:{offset}`. */
export const SEND_REMINDER = 'reminders_send';

/**
 * Reminders one job sends at most: its own and others already due. Many due at once (a busy hour's
 * 24 h reminders) then cost one job fetch per batch instead of one each (bench/reminders.ts).
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
 * The reminders' tasks (decision 0028): one job per reminder, run by any runner at its run_at. In
 * one transaction it locks its reminder and up to REMINDER_BATCH - 1 others already due (skipping
 * those another runner holds), moves each from planned to sent with its e-mail in the outbox
 * (que_reminder_send, which re-checks under the lock), and removes the others' waiting jobs. Two
 * runners, or a job run again after a crash, send each once: the row's status decides.
 */
export function reminderJobs(db: Db, options: ReminderJobOptions): JobFeature {
  return {
    tasks: {
      [SEND_REMINDER]: async (payload) => {
        const { reminderId } = payload as { reminderId: number };
        await unitOfWork(db, async (tx) => {
          const due = await lockDueReminders(tx, reminderId, REMINDER_BATCH);
          if (due.length === 0) return;
          const batch = due.map((reminder) => ({ reminder, links: reminderLinks(options.linkKey, options.publicUrl, reminder.appointmentId, reminder.start) }));
          await sendReminders(tx, reminderId, batch, options.now());
        });
      },
    },
  };
}
