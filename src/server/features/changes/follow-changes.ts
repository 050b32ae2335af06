import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobTasks } from '../../jobs/job-queue.js';
import { type LiveEvent, publishLiveEvents } from '../../live-events.js';
import { type Change, type DueChange, dueChanges, markFollowFailed, scheduleNextFollow, shardOfChange, takeChange } from './changes.repository.js';

// Following the change log (decisions 0029, 0039): que_record_change puts each change among the
// changes to follow of its shard (one of 16, by business) and makes sure the shard's `follow_changes`
// job is waiting; this task runs it. It lists the shard's due changes (up to FOLLOW_BATCH, oldest
// first) and follows each in a transaction of its own: the change taken and marked followed, then each
// follower, in the order the composition (app.ts) hands them in: each is its own feature's, calling
// its own SQL with the change (the offers' live pushes, the queue, the in-app notices, the e-mail,
// reminders, the waitlist, the earliest cache). Under load one job follows many changes: one look for
// a job and one completion for all of them, where each change had its own (issue 28). A change whose
// follower fails is rolled back alone and waits for its retry, its subject's later changes behind it;
// the rest go on. The live events are published once the changes are followed; then the job runs
// again if the shard has more.

export const FOLLOW_CHANGES = 'follow_changes';
/** A job of the one-job-per-change design (before decision 0039) still waiting in a database: it follows its change's shard. */
export const FOLLOW_CHANGE = 'follow_change';
/** Changes one run of a shard's job follows at most: a backlog is followed in runs of this size, each then run again at once. */
export const FOLLOW_BATCH = 100;

/** A follower: runs inside the change's follow transaction; returns live events to publish after commit. */
export type ChangeFollower = (tx: Db, change: Change) => Promise<LiveEvent[] | void>;

interface FollowOptions {
  /** A follower's failure: its change waits for a retry (que_change_follow_failed). */
  onFollowerError?: (error: unknown, change: Change) => void;
  onPublishError?: (error: unknown) => void;
}

export function changeTasks(db: Db, followers: ChangeFollower[], options: FollowOptions = {}): JobTasks {
  const followOne = (change: DueChange) => unitOfWork(db, async (tx) => {
    const events: LiveEvent[] = [];
    if (!(await takeChange(tx, change.id))) return events;
    for (const follower of followers) events.push(...((await follower(tx, change)) ?? []));
    return events;
  });

  const followShard = async (shard: number) => {
    const events: LiveEvent[] = [];
    const stopped = new Set<string>();
    for (const change of await dueChanges(db, shard, FOLLOW_BATCH)) {
      if (stopped.has(change.subject)) continue;
      try {
        events.push(...(await followOne(change)));
      } catch (error) {
        stopped.add(change.subject);
        options.onFollowerError?.(error, change);
        await markFollowFailed(db, change.id, error);
      }
    }
    await publishLiveEvents(db, events, options.onPublishError);
    await scheduleNextFollow(db, shard);
  };

  return {
    [FOLLOW_CHANGES]: async (payload) => followShard(Number((payload as { shard: number }).shard)),
    [FOLLOW_CHANGE]: async (payload) => {
      const shard = await shardOfChange(db, Number((payload as { changeId: number }).changeId));
      if (shard !== null) await followShard(shard);
    },
  };
}
