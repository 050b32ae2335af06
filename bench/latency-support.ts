// Timing helpers of bench/availability-latency.ts: percentiles, a call's wall-clock time, the
// PostgreSQL backend's CPU per call, and alternating blocks beside a `select 1` noise floor.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../src/server/db/client.js';

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return `p50 ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   p99 ${at(0.99).toFixed(2)} ms   (n=${samples.length})`;
}

export async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * CPU the PostgreSQL backend spends per call, from /proc (local server only): on a shared machine
 * wall-clock time mostly measures the neighbours, this does not. null when /proc is not readable.
 */
export async function serverCpuPerCall(url: string, calls: number, fn: (db: Database['db']) => Promise<unknown>): Promise<number | null> {
  const one = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const pid = ((await one.db.execute('select pg_backend_pid() as pid')) as unknown as { rows: { pid: number }[] }).rows[0].pid;
    const ticks = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    await fn(one.db);
    const before = ticks();
    for (let i = 0; i < calls; i++) await fn(one.db);
    return ((ticks() - before) * 10) / calls; // 100 ticks per second on Linux
  } catch {
    return null;
  } finally {
    await one.close();
  }
}

export const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/**
 * Alternates blocks of `block` calls of each fn with as many `select 1` round trips on the same
 * pool, `calls` of each in all: the floor shows what the machine alone added to this run, and
 * several fns are measured side by side. `measured` is the first fn's, `others` the rest's.
 */
export async function alternatingBlocks(database: Database, calls: number, block: number, fn: () => Promise<unknown>, ...more: (() => Promise<unknown>)[]) {
  const measured: number[] = [];
  const others: number[][] = more.map(() => []);
  const floor: number[] = [];
  for (let done = 0; done < calls; done += block) {
    for (let i = 0; i < block; i++) floor.push(await time(() => database.db.execute('select 1')));
    for (let i = 0; i < block; i++) measured.push(await time(fn));
    for (const [k, other] of more.entries()) for (let i = 0; i < block; i++) others[k].push(await time(other));
  }
  return { measured, floor, others };
}
