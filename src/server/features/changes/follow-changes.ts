import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobTasks } from '../../jobs/job-queue.js';
import { type LiveEvent, publishLiveEvents } from '../../live-events.js';
import { type Change, markChangesFollowed } from './changes.repository.js';

// Following the change log (decision 0029): que_record_change adds one `follow_change` job per
// change, in the change's transaction; this task runs it. In one transaction it marks the change
// followed (once: a job run again finds the mark and does nothing), after any earlier change of the
// same appointment still unfollowed, and runs each follower, in the
// order the composition (app.ts) hands them in: each is its own feature's, calling its own SQL
// with the change (the offers' live pushes, the in-app notices, the e-mail; next the caches). The
// live events the followers return are published once that transaction has committed.

export const FOLLOW_CHANGE = 'follow_change';

/** A follower: runs inside the follow transaction, once per change; returns live events to publish after commit. */
export type ChangeFollower = (tx: Db, change: Change) => Promise<LiveEvent[] | void>;

export function changeTasks(db: Db, followers: ChangeFollower[], onPublishError: (error: unknown) => void = () => {}): JobTasks {
  return {
    [FOLLOW_CHANGE]: async (payload) => {
      const { changeId } = payload as { changeId: number };
      const events = await unitOfWork(db, async (tx) => {
        // Its change, after any earlier one of the same subject still unfollowed (a failed job
        // waiting for its retry): one appointment's follow-ups keep their commit order.
        const all: LiveEvent[] = [];
        for (const change of await markChangesFollowed(tx, changeId)) {
          for (const follower of followers) all.push(...((await follower(tx, change)) ?? []));
        }
        return all;
      });
      await publishLiveEvents(db, events, onPublishError);
    },
  };
}
