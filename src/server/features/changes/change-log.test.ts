import { sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import { type ChangeFollower, changeTasks, FOLLOW_CHANGE, FOLLOW_CHANGES } from './index.js';

// The change log's contract (decisions 0029, 0039) on the database the tests run on: PGlite, and PostgreSQL.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());
afterEach(async () => {
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
  await database.db.execute(sql`delete from changes_unfollowed`);
});

/** Records a change; its business is given the subject's number, so its shard is `shardOf(subject)`. */
async function record(kind: string, appointment: number | null, offer: number | null, data: object = {}): Promise<number> {
  const [row] = await queryRows<{ id: string }>(database,
    `select que_record_change('${kind}', ${appointment ?? 'null'}, ${offer ?? 'null'}, ${appointment ?? offer ?? 'null'}, 3, '${JSON.stringify(data)}') as id`);
  return Number(row!.id);
}

/** The database's own message of a failed statement (drizzle wraps it as the error's cause). */
const refusal = (work: Promise<unknown>) => work.then(() => 'done', (error: { cause?: { message?: string }; message: string }) => error.cause?.message ?? error.message);

const followJobs = () => queryRows<{ task: string; payload: unknown; queue_name: string | null; key: string | null }>(database,
  `select t.identifier as task, j.payload, q.queue_name, j.key from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    left join graphile_worker._private_job_queues q on q.id = j.job_queue_id where t.identifier in ('${FOLLOW_CHANGES}', '${FOLLOW_CHANGE}') order by j.id`);

const task = (name: string, followers: ChangeFollower[]) =>
  changeTasks(database.db, followers)[name] as (payload: unknown, helpers: JobHelpers) => Promise<void>;
/** Runs the follow job of a shard, as the runner would. */
const followShard = (shard: number, followers: ChangeFollower[] = []) => task(FOLLOW_CHANGES, followers)({ shard }, {} as JobHelpers);
const shardOf = (subject: number) => subject % 16;
/** The changes still to follow: when each is due again, and how often its followers failed. */
const unfollowed = () => queryRows<{ id: number; attempts: number; waits: boolean; last_error: string | null }>(database,
  `select change_id::int as id, attempts, retry_at > now() as waits, last_error from changes_unfollowed order by change_id`);
const failing: ChangeFollower = async (_tx, change) => {
  if (change.kind === 'booked' || change.kind === 'offer_made') throw new Error('mail server down');
};

describe('the change log', () => {
  it("records a change with its shard's follow job (by its appointment) in one transaction: one job for the shard, whatever its changes", async () => {
    const moved = await record('moved', 35, null, { from: '2030-01-02 10:00', to: '2030-01-03 11:00' });
    const made = await record('offer_made', null, 50);
    const again = await record('booked', 51, null);
    const [row] = await queryRows<Record<string, unknown>>(database, `select kind, appointment_id, offer_id, business_id, actor_id, data from changes where id = ${moved}`);
    expect(row).toEqual({ kind: 'moved', appointment_id: 35, offer_id: null, business_id: 35, actor_id: 3, data: { from: '2030-01-02 10:00', to: '2030-01-03 11:00' } });
    expect(await followJobs()).toEqual([
      { task: FOLLOW_CHANGES, payload: { shard: 3 }, queue_name: 'changes:3', key: 'changes:3' },
      { task: FOLLOW_CHANGES, payload: { shard: 2 }, queue_name: 'changes:2', key: 'changes:2' },
    ]);
    expect((await unfollowed()).map((c) => c.id)).toEqual([moved, made, again]);
  });

  it("writes no job while the shard's job is under way (it looks again before it ends), and a new one once it has let its key go", async () => {
    await record('booked', 8, null);
    await database.db.execute(sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'a runner' where key = 'changes:8'`);
    await record('cancelled', 8, null);
    expect(await followJobs()).toEqual([{ task: FOLLOW_CHANGES, payload: { shard: 8 }, queue_name: 'changes:8', key: 'changes:8' }]);
    // The job under way follows both, finds nothing left and lets its key go: the next change adds a job.
    await followShard(8);
    expect(await followJobs()).toEqual([{ task: FOLLOW_CHANGES, payload: { shard: 8 }, queue_name: 'changes:8', key: null }]);
    await record('completed', 8, null);
    expect((await followJobs()).map((j) => j.key)).toEqual([null, 'changes:8']);
  });

  it('keeps neither the row nor its place to follow nor its job when the change rolls back', async () => {
    const before = await queryRows<{ n: number }>(database, 'select count(*)::int as n from changes');
    await expect(unitOfWork(database.db, async (tx) => {
      await tx.execute(sql`select que_record_change('booked', 1, null, 1, 1, '{}')`);
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(await queryRows<{ n: number }>(database, 'select count(*)::int as n from changes')).toEqual(before);
    expect(await unfollowed()).toEqual([]);
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
    const notFollowed = await record('completed', 12, null);
    await followShard(shardOf(11));
    const [purged] = await queryRows<{ n: number }>(database, `select que_changes_purge(now() + interval '1 second') as n`);
    expect(purged!.n).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ id: string }>(database, `select id from changes where id in (${id}, ${notFollowed}) order by id`);
    expect(left.map((r) => Number(r.id))).toEqual([notFollowed]);
    expect(await queryRows(database, `select 1 from changes_followed where change_id = ${id}`)).toEqual([]);
    // The purge's permission ends with it.
    expect(await refusal(database.db.execute(sql`delete from changes where id = ${notFollowed}`))).toMatch(/written once/);
  });

  it('follows a change once: a job run again does nothing, and an old one-change job neither', async () => {
    const id = await record('booked', 21, null, { startsAt: '2030-01-02T10:00:00' });
    const seen: { id: number; kind: string; data: unknown }[] = [];
    const follower: ChangeFollower = async (_tx, change) => {
      seen.push({ id: change.id, kind: change.kind, data: change.data });
    };
    await followShard(shardOf(21), [follower]);
    await followShard(shardOf(21), [follower]);
    await task(FOLLOW_CHANGE, [follower])({ changeId: id }, {} as JobHelpers);
    expect(seen).toEqual([{ id, kind: 'booked', data: { startsAt: '2030-01-02T10:00:00' } }]);
    expect(await queryRows(database, `select change_id from changes_followed where change_id = ${id}`)).toHaveLength(1);
  });

  it("follows a shard's changes in one job, oldest first, a batch at a time, and runs again while some are left", async () => {
    const ids = (await queryRows<{ id: string }>(database,
      `select que_record_change('booked', 4 + 16 * g, null, 4 + 16 * g, 3, '{}') as id from generate_series(0, 100) g order by g`)).map((r) => Number(r.id));
    const elsewhere = await record('booked', 5, null);
    await database.db.execute(sql`delete from graphile_worker._private_jobs`);
    const seen: number[] = [];
    await followShard(4, [async (_tx, change) => { seen.push(change.id); }]);
    expect(seen).toEqual(ids.slice(0, 100));
    expect((await unfollowed()).map((c) => c.id)).toEqual([ids[100], elsewhere]);
    // The one left makes the shard's job due again at once.
    expect(await queryRows(database, `select key, run_at <= now() as due from graphile_worker._private_jobs`)).toEqual([{ key: 'changes:4', due: true }]);
    await followShard(4, [async (_tx, change) => { seen.push(change.id); }]);
    expect(seen).toEqual(ids);
  });

  it('puts a change back to wait for its retry when a follower fails, and follows the rest of its shard', async () => {
    const failed = await record('booked', 22, null);
    const other = await record('cancelled', 38, null);
    await database.db.execute(sql`delete from graphile_worker._private_jobs`);
    const seen: number[] = [];
    await followShard(6, [failing, async (_tx, change) => { seen.push(change.id); }]);
    expect(seen).toEqual([other]);
    expect(await unfollowed()).toEqual([{ id: failed, attempts: 1, waits: true, last_error: 'mail server down' }]);
    expect(await queryRows(database, `select 1 from changes_followed where change_id = ${failed}`)).toEqual([]);
    // The shard's job waits for the retry; a second failure waits longer.
    const [{ delay }] = await queryRows<{ delay: number }>(database, `select extract(epoch from run_at - now())::float as delay from graphile_worker._private_jobs where key = 'changes:6'`);
    expect(delay).toBeGreaterThan(1);
    expect(delay).toBeLessThan(4);
    await database.db.execute(sql`update changes_unfollowed set retry_at = now() - interval '1 second'`);
    await followShard(6, [failing]);
    expect(await unfollowed()).toEqual([{ id: failed, attempts: 2, waits: true, last_error: 'mail server down' }]);
    await database.db.execute(sql`update changes_unfollowed set retry_at = now() - interval '1 second'`);
    await followShard(6, [async (_tx, change) => { seen.push(change.id); }]);
    expect(seen).toEqual([other, failed]);
    expect(await unfollowed()).toEqual([]);
  });

  it('follows each change in a transaction of its own: a failing one is rolled back alone', async () => {
    const first = await record('booked', 10, null);
    const failed = await record('booked', 26, null);
    const third = await record('cancelled', 42, null);
    const calls: number[] = [];
    await followShard(10, [
      async (_tx, change) => {
        calls.push(change.id);
        if (change.id === failed) throw new Error('down');
      },
    ]);
    expect(calls).toEqual([first, failed, third]);
    expect((await unfollowed()).map((c) => [c.id, c.attempts])).toEqual([[failed, 1]]);
    expect(await queryRows(database, `select change_id::int as id from changes_followed where change_id in (${first}, ${failed}, ${third}) order by 1`))
      .toEqual([{ id: first }, { id: third }]);
  });

  it("keeps an appointment's later changes behind its earlier one while that one waits for its retry", async () => {
    const booked = await record('booked', 23, null);
    const cancelled = await record('cancelled', 23, null);
    const elsewhere = await record('booked', 39, null);
    const seen: string[] = [];
    const log: ChangeFollower = async (_tx, change) => {
      seen.push(`${change.appointmentId} ${change.kind}`);
    };
    const down: ChangeFollower = async (_tx, change) => {
      if (change.appointmentId === 23 && change.kind === 'booked') throw new Error('mail server down');
    };
    await followShard(shardOf(23), [down, log]);
    expect(seen).toEqual(['39 booked']);
    expect((await unfollowed()).map((c) => [c.id, c.waits])).toEqual([[booked, true], [cancelled, false]]);
    // Due, but behind its appointment's earlier change: not taken.
    await followShard(shardOf(23), [log]);
    expect(seen).toEqual(['39 booked']);
    await database.db.execute(sql`update changes_unfollowed set retry_at = now() - interval '1 second' where change_id = ${booked}`);
    await followShard(shardOf(23), [log]);
    expect(seen).toEqual(['39 booked', '23 booked', '23 cancelled']);
    expect(await queryRows(database, `select change_id::int as id from changes_followed where change_id in (${booked}, ${cancelled}, ${elsewhere}) order by change_id`))
      .toEqual([{ id: booked }, { id: cancelled }, { id: elsewhere }]);
  });

  it("keeps an offer's later change behind its earlier one too, when the offer names no appointment", async () => {
    const made = await record('offer_made', null, 61);
    const ended = await record('offer_ended', null, 61);
    const seen: string[] = [];
    await followShard(shardOf(61), [failing, async (_tx, change) => { seen.push(change.kind); }]);
    expect(seen).toEqual([]);
    expect((await unfollowed()).map((c) => c.id)).toEqual([made, ended]);
    await database.db.execute(sql`update changes_unfollowed set retry_at = now() - interval '1 second'`);
    await followShard(shardOf(61), [async (_tx, change) => { seen.push(change.kind); }]);
    expect(seen).toEqual(['offer_made', 'offer_ended']);
  });

  it('follows the shard of an old one-change job (made before decision 0039) that is still waiting', async () => {
    const first = await record('booked', 40, null);
    const second = await record('moved', 56, null);
    const seen: number[] = [];
    await task(FOLLOW_CHANGE, [async (_tx, change) => { seen.push(change.id); }])({ changeId: first }, {} as JobHelpers);
    expect(seen).toEqual([first, second]);
  });
});

describe('followers given as SQL (decision 0040)', () => {
  const clock = new Date('2030-03-04T05:06:07.000Z');
  beforeAll(async () => {
    // A follower's SQL function of its own, for the test: it writes what it saw, and fails for a 'completed' change when asked to.
    await database.db.execute(sql`create table if not exists test_follow_log (n serial primary key, change_id bigint, follower text, seen_before int, now_given timestamptz)`);
    await database.db.execute(sql.raw(`create or replace function test_follow(c changes, p_name text, p_now timestamptz) returns jsonb language plpgsql as $$
      begin
        insert into test_follow_log (change_id, follower, seen_before, now_given)
        values (c.id, p_name, (select count(*) from test_follow_log where change_id = c.id), p_now);
        if c.kind = 'completed' and p_name = 'fails' then raise exception 'the follower failed'; end if;
        return null;
      end $$`));
  });
  afterEach(async () => database.db.execute(sql`delete from test_follow_log`));
  const inSql = (name: string): ChangeFollower => ({ sql: sql`test_follow(c, ${sql.raw(`'${name}'`)}, ${sql.placeholder('now')}::timestamptz)` });
  const run = (shard: number, followers: ChangeFollower[]) =>
    (changeTasks(database.db, followers, { now: () => clock })[FOLLOW_CHANGES] as (payload: unknown, helpers: JobHelpers) => Promise<void>)({ shard }, {} as JobHelpers);
  const log = () => queryRows<{ change_id: number; follower: string; seen_before: number; now_given: string }>(database,
    `select change_id::int as change_id, follower, seen_before, to_char(now_given at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as now_given from test_follow_log order by n`);

  it("runs them in one statement with the take, in the order given, each seeing the earlier ones' writes, with the app's clock as now; a change followed already runs none", async () => {
    const id = await record('booked', 70, null);
    await run(shardOf(70), [inSql('first'), inSql('second')]);
    await run(shardOf(70), [inSql('first'), inSql('second')]);
    expect(await log()).toEqual([
      { change_id: id, follower: 'first', seen_before: 0, now_given: '2030-03-04T05:06:07' },
      { change_id: id, follower: 'second', seen_before: 1, now_given: '2030-03-04T05:06:07' },
    ]);
    expect(await queryRows(database, `select 1 from changes_followed where change_id = ${id}`)).toHaveLength(1);
  });

  it('rolls back the take and every follower of a change whose SQL follower failed: it waits for its retry, and the others are followed', async () => {
    const failed = await record('completed', 71, null);
    const other = await record('booked', 87, null);
    await run(shardOf(71), [inSql('first'), inSql('fails')]);
    expect((await log()).map((r) => [r.change_id, r.follower])).toEqual([[other, 'first'], [other, 'fails']]);
    expect((await unfollowed()).map((c) => [c.id, c.attempts, c.last_error])).toEqual([[failed, 1, expect.stringContaining('the follower failed')]]);
  });

  it('runs a follower in code after the SQL ones, in the same transaction, only for the kinds it names', async () => {
    const booked = await record('booked', 72, null);
    const held = await record('held', 88, null);
    const code: string[] = [];
    await run(shardOf(72), [
      { kinds: ['held'], follow: async (tx, change) => {
        const [mine] = (await tx.execute(sql`select count(*)::int as n from test_follow_log where change_id = ${change.id}`) as unknown as { rows: { n: number }[] }).rows;
        code.push(`${change.kind}: ${mine!.n} written before it`);
      } },
      inSql('first'),
    ]);
    expect(code).toEqual(['held: 1 written before it']);
    expect((await log()).map((r) => [r.change_id, r.follower])).toEqual([[booked, 'first'], [held, 'first']]);
  });
});
