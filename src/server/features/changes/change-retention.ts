import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { purgeFollowedChanges } from './changes.repository.js';

// The change log's retention (decision 0029): a followed change is kept RULES.changeLogRetentionDays,
// then purged with its mark by a recurring job of the one queue (decision 0028), so the log and its
// marks do not grow forever. A change not yet followed is never purged: its job still needs it.

export const CHANGES_PURGE_JOB = 'changes_purge';

/** The moment before which followed changes go, at `now`. */
export const changeRetentionCutoff = (now: Date) => new Date(now.getTime() - RULES.changeLogRetentionDays * 86_400_000);

/** The changes feature's recurring job (app.ts): the purge once an hour, by one runner of any number. */
export function changeRetentionJobs(db: Db, now: () => Date = () => new Date()): JobFeature {
  return {
    tasks: { [CHANGES_PURGE_JOB]: async () => void (await purgeFollowedChanges(db, changeRetentionCutoff(now()))) },
    // minute 23: away from the top of the hour, where the other schedules meet
    recurring: [{ task: CHANGES_PURGE_JOB, match: '23 * * * *' }],
  };
}
