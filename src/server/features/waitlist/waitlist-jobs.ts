import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { enqueueJob, type JobFeature } from '../../jobs/job-queue.js';
import { callHoldLapse, callReleaseDue } from './waitlist.repository.js';

// The waitlist's scheduled jobs (decision 0028), added in SQL in the transaction that makes what
// they end: a hold's lapse at its held_until (key waitlist:hold:<appointment>), and a released
// booking's outcome at its start (key waitlist:release:<appointment>).
export const HOLD_LAPSE = 'waitlist_hold_lapse';
export const RELEASE_DUE = 'waitlist_release_due';

export function waitlistJobs(db: Db, now: () => Date): JobFeature {
  return {
    tasks: {
      [HOLD_LAPSE]: async (payload) => {
        const { appointmentId } = payload as { appointmentId: number };
        await unitOfWork(db, async (tx) => {
          const { again_at: againAt } = await callHoldLapse(tx, { appointmentId, now: now().toISOString() });
          // Not due yet by the app's clock (a runner whose clock runs ahead): run again then.
          if (againAt) await enqueueJob(tx, HOLD_LAPSE, { appointmentId }, { jobKey: `waitlist:hold:${appointmentId}`, runAt: new Date(againAt), maxAttempts: 25 });
        });
      },
      [RELEASE_DUE]: async (payload) => {
        const { appointmentId } = payload as { appointmentId: number };
        await callReleaseDue(db, { appointmentId });
      },
    },
  };
}
