import type { Pool } from 'pg';
import type { WorkerEvents } from 'graphile-worker';

// graphile-worker 0.16 frees a job locked by a runner that died only once the lock is four hours
// old (its resetLocked). Runners here say they are alive instead: each beats for its workers every
// third of `deadAfterMs` (job_runner_beats), and every beat also frees, through the library's own
// graphile_worker.force_unlock_workers, the jobs and queues locked longer than `deadAfterMs` by a
// worker with no beat that recent: a process killed mid-job leaves its job to the live runners
// within about `deadAfterMs` plus a poll (decision 0028).

export interface Liveness {
  stop(): Promise<void>;
}

const BEAT = `
  insert into job_runner_beats (worker_id, beat_at) select json_array_elements_text($1::json), now()
  on conflict (worker_id) do update set beat_at = excluded.beat_at`;

// Which workers look dead: a lock older than the limit, held by a worker that has not beaten within
// it (a worker that never beat: a runner from before this, or one killed in its first moments).
const UNLOCK_DEAD = `
  with locks as (
    select locked_by from graphile_worker._private_jobs
     where locked_by is not null and locked_at < now() - make_interval(secs => $1::float8)
    union
    select locked_by from graphile_worker._private_job_queues
     where locked_by is not null and locked_at < now() - make_interval(secs => $1::float8)
  ), dead as (
    select locked_by from locks
     where not exists (select 1 from job_runner_beats b where b.worker_id = locks.locked_by and b.beat_at >= now() - make_interval(secs => $1::float8))
  ), freed as (
    select graphile_worker.force_unlock_workers(array_agg(locked_by)) from dead having count(*) > 0
  )
  select (select json_agg(locked_by) from dead) as workers from freed`;

/** Beats stay a while after a worker's death (they name the dead); much older ones go. */
const FORGET = `delete from job_runner_beats where beat_at < now() - make_interval(secs => $1::float8 * 10)`;

/**
 * Keeps this runner's workers marked alive and frees the jobs of dead ones. `events` must be the
 * emitter handed to run(), so the workers are known from their creation, before they take a job.
 */
export function keepRunnerAlive(
  pgPool: Pool,
  events: WorkerEvents,
  options: { deadAfterMs: number; onError: (err: unknown) => void; onFreed?: (workerIds: string[]) => void },
): Liveness {
  const workers = new Set<string>();
  events.on('worker:create', ({ worker }) => workers.add(worker.workerId));
  events.on('worker:stop', ({ worker }) => workers.delete(worker.workerId));
  const deadAfterSeconds = options.deadAfterMs / 1000;
  let beating: Promise<void> | undefined;
  const beat = async () => {
    if (workers.size > 0) await pgPool.query(BEAT, [JSON.stringify([...workers])]);
    const freed = await pgPool.query<{ workers: string[] }>(UNLOCK_DEAD, [deadAfterSeconds]);
    if (freed.rows[0]) options.onFreed?.(freed.rows[0].workers);
    await pgPool.query(FORGET, [deadAfterSeconds]);
  };
  const tick = () => {
    beating ??= beat()
      .catch(options.onError)
      .finally(() => (beating = undefined));
  };
  // A timer, not a job of the queue: the beat says this process is alive, so it must run here even
  // while every job slot is busy or the queue is stuck; a job could be run by any other process.
  const timer = setInterval(tick, Math.max(50, Math.floor(options.deadAfterMs / 3)));
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
