import { sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import { changeTasks, FOLLOW_CHANGE } from './index.js';

// The change log's contract (decision 0029) on the database the tests run on: PGlite, and PostgreSQL.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());
afterEach(async () => {
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
});

async function record(kind: string, appointment: number | null, offer: number | null, data: object = {}): Promise<number> {
  const [row] = await queryRows<{ id: string }>(database,
    `select que_record_change('${kind}', ${appointment ?? 'null'}, ${offer ?? 'null'}, 7, 3, '${JSON.stringify(data)}') as id`);
  return Number(row!.id);
}

/** The database's own message of a failed statement (drizzle wraps it as the error's cause). */
const refusal = (work: Promise<unknown>) => work.then(() => 'done', (error: { cause?: { message?: string }; message: string }) => error.cause?.message ?? error.message);

const followJobs = () => queryRows<{ payload: { changeId: number }; queue_name: string | null }>(database,
  `select j.payload, q.queue_name from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    left join graphile_worker._private_job_queues q on q.id = j.job_queue_id where t.identifier = '${FOLLOW_CHANGE}' order by j.id`);

const follow = (changeId: number, followers: Parameters<typeof changeTasks>[1] = []) =>
  (changeTasks(database.db, followers)[FOLLOW_CHANGE] as (payload: unknown, helpers: JobHelpers) => Promise<void>)({ changeId }, {} as JobHelpers);

describe('the change log', () => {
  it('records a change with its follow job in one transaction, in the appointment\'s queue (else the offer\'s)', async () => {
    const moved = await record('moved', 35, null, { from: '2030-01-02 10:00', to: '2030-01-03 11:00' });
    const made = await record('offer_made', null, 50);
    const [row] = await queryRows<Record<string, unknown>>(database, `select kind, appointment_id, offer_id, business_id, actor_id, data from changes where id = ${moved}`);
    expect(row).toEqual({ kind: 'moved', appointment_id: 35, offer_id: null, business_id: 7, actor_id: 3, data: { from: '2030-01-02 10:00', to: '2030-01-03 11:00' } });
    expect(await followJobs()).toEqual([
      { payload: { changeId: moved }, queue_name: 'changes:3' },
      { payload: { changeId: made }, queue_name: 'changes:2' },
    ]);
  });

  it('keeps neither the row nor its job when the change rolls back', async () => {
    const before = await queryRows<{ n: number }>(database, 'select count(*)::int as n from changes');
    await expect(unitOfWork(database.db, async (tx) => {
      await tx.execute(sql`select que_record_change('booked', 1, null, 1, 1, '{}')`);
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(await queryRows<{ n: number }>(database, 'select count(*)::int as n from changes')).toEqual(before);
    expect(await followJobs()).toEqual([]);
  });

  it('refuses a change of kind it does not know, and one about nothing', async () => {
    expect(await refusal(record('painted', 1, null))).toMatch(/changes_kind_check/);
    expect(await refusal(record('booked', null, null))).toMatch(/changes_subject_check/);
  });

  it('is written once: no update, no delete but the retention purge of followed changes', async () => {
    const id = await record('cancelled', 11, null);
    expect(await refusal(database.db.execute(sql`update changes set kind = 'booked' where id = ${id}`))).toMatch(/written once/);
    expect(await refusal(database.db.execute(sql`delete from changes where id = ${id}`))).toMatch(/written once/);
    const unfollowed = await record('completed', 12, null);
    await follow(id);
    const [purged] = await queryRows<{ n: number }>(database, `select que_changes_purge(now() + interval '1 second') as n`);
    expect(purged!.n).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ id: string }>(database, `select id from changes where id in (${id}, ${unfollowed}) order by id`);
    expect(left.map((r) => Number(r.id))).toEqual([unfollowed]);
    expect(await queryRows(database, `select 1 from changes_followed where change_id = ${id}`)).toEqual([]);
    // The purge's permission ends with it.
    expect(await refusal(database.db.execute(sql`delete from changes where id = ${unfollowed}`))).toMatch(/written once/);
  });

  it('follows a change once: a job run again does nothing', async () => {
    const id = await record('booked', 21, null, { startsAt: '2030-01-02T10:00:00' });
    const seen: { id: number; kind: string; data: unknown }[] = [];
    const follower = async (_tx: unknown, change: { id: number; kind: string; data: unknown }) => {
      seen.push({ id: change.id, kind: change.kind, data: change.data });
    };
    await follow(id, [follower]);
    await follow(id, [follower]);
    expect(seen).toEqual([{ id, kind: 'booked', data: { startsAt: '2030-01-02T10:00:00' } }]);
    expect(await queryRows(database, `select change_id from changes_followed where change_id = ${id}`)).toHaveLength(1);
  });

  it('leaves a change unfollowed when a follower fails, so its retry follows it', async () => {
    const id = await record('booked', 22, null);
    await expect(follow(id, [async () => { throw new Error('follower down'); }])).rejects.toThrow('follower down');
    expect(await queryRows(database, `select 1 from changes_followed where change_id = ${id}`)).toEqual([]);
    const seen: number[] = [];
    await follow(id, [async (_tx, change) => { seen.push(change.id); }]);
    expect(seen).toEqual([id]);
  });

  it("follows an appointment's earlier change first when its job failed and waits for a retry", async () => {
    // graphile-worker frees a queue while a failed job waits for its retry, so the next change of
    // the same appointment can run first: it must not be followed before the one that came before it.
    const booked = await record('booked', 23, null);
    const cancelled = await record('cancelled', 23, null);
    const elsewhere = await record('booked', 24, null);
    const seen: string[] = [];
    const log = async (_tx: unknown, change: { appointmentId: number | null; kind: string }) => {
      seen.push(`${change.appointmentId} ${change.kind}`);
    };
    await expect(follow(booked, [async () => { throw new Error('mail server down'); }])).rejects.toThrow('mail server down');
    await follow(cancelled, [log]);
    await follow(elsewhere, [log]);
    await follow(booked, [log]); // the retry: its change was followed already, in its place
    expect(seen).toEqual(['23 booked', '23 cancelled', '24 booked']);
    expect(await queryRows(database, `select change_id::int as id from changes_followed where change_id in (${booked}, ${cancelled}) order by change_id`))
      .toEqual([{ id: booked }, { id: cancelled }]);
  });

  it("follows an offer's earlier change first too, when the offer names no appointment", async () => {
    const made = await record('offer_made', null, 61);
    const ended = await record('offer_ended', null, 61);
    const seen: string[] = [];
    await expect(follow(made, [async () => { throw new Error('down'); }])).rejects.toThrow('down');
    await follow(ended, [async (_tx, change) => { seen.push(change.kind); }]);
    expect(seen).toEqual(['offer_made', 'offer_ended']);
  });
});
