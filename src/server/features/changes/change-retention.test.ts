import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../../contract/rules.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import { CHANGES_PURGE_JOB, changeRetentionJobs } from './index.js';

// The change log's retention (decision 0029): the recurring purge removes followed changes older than
// RULES.changeLogRetentionDays with their marks, and never a change that has not been followed.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

/** A change that occurred `daysAgo` days before now, marked followed or not (no follow job: this test runs the purge alone). */
async function change(daysAgo: number, followed: boolean): Promise<number> {
  const [row] = await queryRows<{ id: string }>(database,
    `insert into changes (kind, appointment_id, business_id, occurred_at) values ('booked', 1, 1, now() - interval '${daysAgo} days') returning id`);
  const id = Number(row!.id);
  if (followed) await queryRows(database, `insert into changes_followed (change_id) values (${id})`);
  return id;
}

describe('the change log retention', () => {
  it('is a recurring job of the one queue, hourly', () => {
    const feature = changeRetentionJobs(database.db);
    expect(Object.keys(feature.tasks)).toEqual([CHANGES_PURGE_JOB]);
    expect(feature.recurring).toEqual([{ task: CHANGES_PURGE_JOB, match: '23 * * * *' }]);
  });

  it('purges followed changes older than the retention with their marks, and never an unfollowed one', async () => {
    const past = RULES.changeLogRetentionDays + 1;
    const oldFollowed = await change(past, true);
    const oldUnfollowed = await change(past + 30, false);
    const recentFollowed = await change(RULES.changeLogRetentionDays - 1, true);
    const recentUnfollowed = await change(0, false);
    const purge = changeRetentionJobs(database.db).tasks[CHANGES_PURGE_JOB] as (payload: unknown, helpers: JobHelpers) => Promise<void>;
    await purge({}, {} as JobHelpers);
    const left = await queryRows<{ id: string }>(database,
      `select id from changes where id in (${oldFollowed}, ${oldUnfollowed}, ${recentFollowed}, ${recentUnfollowed}) order by id`);
    expect(left.map((r) => Number(r.id))).toEqual([oldUnfollowed, recentFollowed, recentUnfollowed]);
    const marks = await queryRows<{ change_id: string }>(database,
      `select change_id from changes_followed where change_id in (${oldFollowed}, ${recentFollowed}) order by change_id`);
    expect(marks.map((r) => Number(r.change_id))).toEqual([recentFollowed]);

    // Once its job has followed it, the old change goes at the next run; a second run changes nothing more.
    await queryRows(database, `insert into changes_followed (change_id) values (${oldUnfollowed})`);
    await purge({}, {} as JobHelpers);
    await purge({}, {} as JobHelpers);
    const after = await queryRows<{ id: string }>(database,
      `select id from changes where id in (${oldUnfollowed}, ${recentFollowed}, ${recentUnfollowed}) order by id`);
    expect(after.map((r) => Number(r.id))).toEqual([recentFollowed, recentUnfollowed]);
  });
});
