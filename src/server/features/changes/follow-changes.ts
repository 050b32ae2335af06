import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobTasks } from '../../jobs/job-queue.js';
import { publishLiveEvents } from '../../live-events.js';
import { type Change, followChangeInSql } from './changes.repository.js';

// Following the change log (decision 0029): que_record_change adds one `follow_change` job per
// change, in the change's transaction; this task runs it. The followers that live in SQL (in-app
// notices, e-mail) run in que_follow_change; followers in TypeScript are handed in by the
// composition (app.ts) and run in the same transaction, after them. The live events the followers
// return are published once that transaction has committed.

export const FOLLOW_CHANGE = 'follow_change';

/** A follower in TypeScript: runs inside the follow transaction, once per change. */
export type ChangeFollower = (tx: Db, change: Change) => Promise<void>;

export function changeTasks(db: Db, followers: ChangeFollower[] = [], onPublishError: (error: unknown) => void = () => {}): JobTasks {
  return {
    [FOLLOW_CHANGE]: async (payload) => {
      const { changeId } = payload as { changeId: number };
      // Without TypeScript followers one statement is the whole transaction.
      const followed = followers.length === 0
        ? await followChangeInSql(db, changeId)
        : await unitOfWork(db, async (tx) => {
            const inSql = await followChangeInSql(tx, changeId);
            if (inSql) for (const follower of followers) await follower(tx, inSql.change);
            return inSql;
          });
      if (followed) await publishLiveEvents(db, followed.events, onPublishError);
    },
  };
}
