// What every benchmark shares: rounds that alternate between a baseline and the thing measured
// (this machine is shared, so a figure is only meaningful as a ratio taken side by side), and the
// result of a run written as JSON to bench/results/<name>.json, from which bench/write-results.ts
// renders bench/RESULTS.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// BENCH_RESULTS_DIR renders or collects a saved set elsewhere.
export const resultsDir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('./results', import.meta.url));

/** One figure and its target; `met` is undefined when the figure has no target of its own. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
  met?: boolean;
  detail?: string;
}

export interface BenchResult {
  bench: string;
  date: string;
  loadAverage: { start: number[]; end: number[] };
  figures: Figure[];
  /** Invariant checks (exactly one winner, ledger sums to zero, …): name → held. */
  checks?: Record<string, boolean>;
  notes?: string[];
}

const started = loadavg();

/**
 * Runs `rounds` rounds of every path in turn, reversing the order on every other round so no path
 * always runs first (or right after the warm-up). `measure` returns one figure for that round.
 */
export async function alternateRounds<P>(rounds: number, paths: P[], measure: (path: P, round: number) => Promise<number>): Promise<number[][]> {
  const perPath: number[][] = paths.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const order = paths.map((_, i) => i);
    if (r % 2 === 1) order.reverse();
    for (const i of order) perPath[i].push(await measure(paths[i], r));
  }
  return perPath;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A ratio figure "value ≥ min" with its per-round spread in the detail. */
export function ratioFigure(name: string, ratios: number[], min: number, detail = ''): Figure {
  const value = median(ratios);
  const spread = ratios.map((r) => r.toFixed(2)).join(', ');
  return { name, value: Math.round(value * 1000) / 1000, unit: 'ratio', target: `≥ ${min}`, met: value >= min, detail: `median of rounds ${spread}${detail ? `; ${detail}` : ''}` };
}

/** Writes bench/results/<bench>.json and prints the figures. */
export function writeResult(bench: string, figures: Figure[], checks?: Record<string, boolean>, notes?: string[]): BenchResult {
  const result: BenchResult = {
    bench,
    date: new Date().toISOString(),
    loadAverage: { start: started.map((l) => Math.round(l * 10) / 10), end: loadavg().map((l) => Math.round(l * 10) / 10) },
    figures,
    ...(checks ? { checks } : {}),
    ...(notes?.length ? { notes } : {}),
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${bench}.json`), `${JSON.stringify(result, null, 2)}\n`);
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target}: ${f.met ? 'met' : 'MISSED'})` : ''}${f.detail ? ` — ${f.detail}` : ''}`);
  for (const [name, held] of Object.entries(checks ?? {})) console.log(`${held ? 'held' : 'BROKEN'}: ${name}`);
  return result;
}

export const machine = () => ({ cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version });
