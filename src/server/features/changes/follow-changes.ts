import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobTasks } from '../../jobs/job-queue.js';
import { type LiveEvent, publishLiveEvents } from '../../live-events.js';
import { type Change, type DueChange, returnFailedChange, scheduleNextFollow, shardOfChange, takeDueChanges } from './changes.repository.js';

// Following the change log (decisions 0029, 0039): que_record_change puts each change among the
// changes to follow of its shard (one of 16) and makes sure the shard's `follow_changes` job is
// waiting; this task runs it. One transaction takes the shard's due changes (up to FOLLOW_BATCH, oldest
// first), marks them followed, and runs each follower on each, in the order the composition (app.ts)
// hands them in: each is its own feature's, calling its own SQL with the change (the offers' live
// pushes, the queue, the in-app notices, the e-mail, reminders, the waitlist, the earliest cache).
// Under load one job follows many changes: one look for a job, one transaction and one completion
// for all of them, where each change had its own (issue 28). The live events the followers return are
// published once that transaction has committed; then the job runs again if the shard has more.

export const FOLLOW_CHANGES = 'follow_changes';
/** A job of the one-job-per-change design (before decision 0039) still waiting in a database: it follows its change's shard. */
export const FOLLOW_CHANGE = 'follow_change';
/** Changes one follow transaction takes at most: a backlog is followed in transactions of this size, not one that holds its locks for minutes. */
export const FOLLOW_BATCH = 100;

/** A follower: runs inside the follow transaction, once per change; returns live events to publish after commit. */
export type ChangeFollower = (tx: Db, change: Change) => Promise<LiveEvent[] | void>;
/** A follower of the transaction's changes together, run once after the per-change followers (the earliest cache: its row locks in one order). */
export type BatchFollower = (tx: Db, changes: Change[]) => Promise<void>;

interface FollowOptions {
  /** Run once per follow transaction with every change it followed, after the per-change followers. */
  batchFollowers?: BatchFollower[];
  /** A follower's failure: its change waits for a retry (que_changes_follow_failed). */
  onFollowerError?: (error: unknown, change: Change) => void;
  onPublishError?: (error: unknown) => void;
}

export function changeTasks(db: Db, followers: ChangeFollower[], options: FollowOptions = {}): JobTasks {
  const runFollowers = async (tx: Db, change: Change) => {
    const events: LiveEvent[] = [];
    for (const follower of followers) events.push(...((await follower(tx, change)) ?? []));
    return events;
  };

  // Every change in one go; a follower's error rolls the whole transaction back (the fast way).
  const runBatchFollowers = async (tx: Db, changes: Change[]) => {
    if (changes.length === 0) return;
    for (const follower of options.batchFollowers ?? []) await follower(tx, changes);
  };

  const followAll = async (tx: Db, changes: DueChange[]) => {
    const events: LiveEvent[] = [];
    for (const change of changes) events.push(...(await runFollowers(tx, change)));
    await runBatchFollowers(tx, changes);
    return events;
  };

  // After a failure: each change in a savepoint of its own, so a failing change (and its subject's
  // later ones) goes back to wait for its retry while every other change is followed.
  const followEach = async (tx: Db, changes: DueChange[]) => {
    const events: LiveEvent[] = [];
    const failed = new Map<string, { change: DueChange; error: unknown; later: DueChange[] }>();
    const followed: DueChange[] = [];
    for (const change of changes) {
      const stopped = failed.get(change.subject);
      if (stopped) {
        stopped.later.push(change);
        continue;
      }
      try {
        events.push(...(await tx.transaction((savepoint) => runFollowers(savepoint as unknown as Db, change))));
        followed.push(change);
      } catch (error) {
        failed.set(change.subject, { change, error, later: [] });
        options.onFollowerError?.(error, change);
      }
    }
    for (const { change, error, later } of failed.values()) await returnFailedChange(tx, change, error, later);
    await runBatchFollowers(tx, followed);
    return events;
  };

  const followShard = async (shard: number) => {
    const events = await unitOfWork(db, async (tx) => followAll(tx, await takeDueChanges(tx, shard, FOLLOW_BATCH)))
      .catch(() => unitOfWork(db, async (tx) => followEach(tx, await takeDueChanges(tx, shard, FOLLOW_BATCH))));
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
