import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { reminderLinks } from './reminder-links.js';
import { reminderToSend, sendReminder } from './reminders.repository.js';

/** The job que_reminders_follow adds for each planned reminder, at its due time, keyed `reminder:{appointment}:{offset}`. */
export const SEND_REMINDER = 'reminders_send';

export interface ReminderJobOptions {
  /** The link key (reminderLinkKey) and the address the links open. */
  linkKey: Buffer;
  publicUrl: string;
  /** The app's clock: a reminder whose start has passed by it is skipped, not sent. */
  now: () => Date;
}

/**
 * The reminders' tasks (decision 0028): one job per reminder, run by any runner at its run_at. In
 * one transaction the reminder moves from planned to sent with its e-mail in the outbox, under the
 * reminder's row lock (que_reminder_send): two runners, or a job run again after a crash, send it once.
 */
export function reminderJobs(db: Db, options: ReminderJobOptions): JobFeature {
  return {
    tasks: {
      [SEND_REMINDER]: async (payload) => {
        const { reminderId } = payload as { reminderId: number };
        const reminder = await reminderToSend(db, reminderId);
        if (!reminder) return;
        const links = reminderLinks(options.linkKey, options.publicUrl, reminder.appointmentId, reminder.start);
        await unitOfWork(db, (tx) => sendReminder(tx, reminderId, links, options.now()));
      },
    },
  };
}
