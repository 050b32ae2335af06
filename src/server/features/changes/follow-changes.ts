import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import type { JobTasks } from '../../jobs/job-queue.js';
import { type LiveEvent, publishLiveEvents } from '../../live-events.js';
import { type Change, type DueChange, dueChanges, markFollowFailed, scheduleNextFollow, shardOfChange } from './changes.repository.js';

// Following the change log (decisions 0029, 0039): que_record_change puts each change among the
// changes to follow of its shard (one of 16, by appointment) and makes sure the shard's `follow_changes`
// job is waiting; this task runs it. It lists the shard's due changes (up to FOLLOW_BATCH, oldest
// first) and follows each in a transaction of its own: the change taken and marked followed, then each
// follower, in the order the composition (app.ts) hands them in: each is its own feature's, calling
// its own SQL with the change (the offers' live pushes, the queue, the in-app notices, the e-mail,
// reminders, the waitlist, the earliest cache). The followers given as SQL run in one statement with
// the take, so a change whose followers are all SQL is one round trip, its own transaction (decision
// 0040): a round trip per follower cost the job runner more CPU than the followers' own SQL. Followers
// in code run after them, in the same transaction, for the kinds they name. Under load one job follows many changes: one look for
// a job and one completion for all of them, where each change had its own (issue 28). A change whose
// follower fails is rolled back alone and waits for its retry, its subject's later changes behind it;
// the rest go on. The live events are published once a listing's changes are followed; the shard is
// listed again while the run has room (FOLLOW_BATCH); then the job runs again if the shard has more.

export const FOLLOW_CHANGES = 'follow_changes';
/** A job of the one-job-per-change design (before decision 0039) still waiting in a database: it follows its change's shard. */
export const FOLLOW_CHANGE = 'follow_change';
/** Changes one run of a shard's job follows at most: a backlog is followed in runs of this size, each then run again at once. */
export const FOLLOW_BATCH = 100;

/** A follower in code: runs inside the change's follow transaction; returns live events to publish after commit. */
export type ChangeFollowerCode = (tx: Db, change: Change) => Promise<LiveEvent[] | void>;

/**
 * A follower that is one SQL expression over the change's row `c` (a `changes` row), giving the live
 * events to publish as a jsonb array, or null. Every SQL follower runs in the change's one follow
 * statement, in the order given, after the change is taken. It may use the placeholder `now` (the
 * app's clock, timestamptz): sql.placeholder('now').
 */
export interface SqlChangeFollower {
  sql: SQL;
}

/** A follower in code for the changes of `kinds` only, run after the SQL followers. */
export interface KindsChangeFollower {
  kinds: readonly string[];
  follow: ChangeFollowerCode;
}

/** A follower: SQL (one statement for them all), code for some kinds, or code for every change. */
export type ChangeFollower = SqlChangeFollower | KindsChangeFollower | ChangeFollowerCode;

let compositions = 0;

/** The statement that takes a change and runs every SQL follower, in order: `taken` false when it was followed already. */
function followStatement(followers: SqlChangeFollower[]) {
  const id = sql`${sql.placeholder('changeId')}::bigint`;
  const events = followers.length === 0 ? sql`'[]'::jsonb` : sql`jsonb_build_array(${sql.join(followers.map((f) => f.sql), sql`, `)})`;
  // `offset 0` keeps the take a subquery of its own, run once, before the followers it gates (the
  // CASE): a change followed already runs none of them.
  const statement = sql`select t.taken, case when t.taken then ${events} end as events
    from (select que_follow_change_take(${id}) as taken offset 0) t cross join changes c where c.id = ${id}`;
  // Prepared once per connection; each composition (tests make several) under a name of its own.
  return cachedSql<{ changeId: number; now: string }>(`changes_follow_${++compositions}`, statement);
}

interface FollowOptions {
  /** A follower's failure: its change waits for a retry (que_change_follow_failed). */
  onFollowerError?: (error: unknown, change: Change) => void;
  onPublishError?: (error: unknown) => void;
  /** The app's clock, the SQL followers' `now` (tests set it). */
  now?: () => Date;
}

export function changeTasks(db: Db, followers: ChangeFollower[], options: FollowOptions = {}): JobTasks {
  const now = options.now ?? (() => new Date());
  const inSql = followers.filter((f): f is SqlChangeFollower => typeof f === 'object' && 'sql' in f);
  const inCode = followers.flatMap((f): { kinds?: readonly string[]; follow: ChangeFollowerCode }[] => (typeof f === 'function' ? [{ follow: f }] : 'follow' in f ? [f] : []));
  const follow = followStatement(inSql);
  /** Takes the change and runs the SQL followers; undefined when it was followed already. */
  const takeAndFollow = async (tx: Db, changeId: number) => {
    const [row] = ((await follow(tx, { changeId, now: now().toISOString() })) as { rows: { taken: boolean; events: (LiveEvent[] | null)[] | null }[] }).rows;
    return row?.taken ? (row.events ?? []).flatMap((e) => e ?? []) : undefined;
  };
  const followOne = async (change: DueChange): Promise<LiveEvent[]> => {
    const code = inCode.filter((f) => f.kinds === undefined || f.kinds.includes(change.kind));
    // SQL followers only: one statement, its own transaction.
    if (code.length === 0) return singleStatement(db, async () => (await takeAndFollow(db, change.id)) ?? []);
    return unitOfWork(db, async (tx) => {
      const events = await takeAndFollow(tx, change.id);
      if (events === undefined) return [];
      for (const follower of code) events.push(...((await follower.follow(tx, change)) ?? []));
      return events;
    });
  };

  const followShard = async (shard: number) => {
    const stopped = new Set<string>();
    // Listed again after each batch while the run has room: under load the changes committed meanwhile
    // are followed in this run, not in a run of their own (a look for the job, its completion and its
    // next were 1 ms of PostgreSQL's time a run, when runs followed one or two changes each).
    for (let followed = 0; followed < FOLLOW_BATCH; ) {
      const due = (await dueChanges(db, shard, FOLLOW_BATCH - followed)).filter((change) => !stopped.has(change.subject));
      if (due.length === 0) break;
      const events: LiveEvent[] = [];
      for (const change of due) {
        followed++;
        if (stopped.has(change.subject)) continue;
        try {
          events.push(...(await followOne(change)));
        } catch (error) {
          stopped.add(change.subject);
          options.onFollowerError?.(error, change);
          await markFollowFailed(db, change.id, error);
        }
      }
      // each batch's live events once its changes are followed, not at the end of a longer run
      await publishLiveEvents(db, events, options.onPublishError);
    }
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
