import { appendFileSync } from 'node:fs';

/**
 * What the browser tests' screenshots and accessibility checks cost: with E2E_COST_LOG=<file>, each one's
 * milliseconds are appended to <file> as a line "<kind> <ms>", to be summed after a run (.ci/run does).
 */
export async function costed<T>(kind: 'screenshot' | 'axe', work: () => Promise<T>): Promise<T> {
  const file = process.env.E2E_COST_LOG;
  if (!file) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    appendFileSync(file, `${kind} ${(performance.now() - started).toFixed(0)}\n`);
  }
}
