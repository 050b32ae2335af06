import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runInBackground } from './background-loop.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function appWithLog() {
  const warnings: string[] = [];
  const app = Fastify({ logger: false });
  app.log.warn = ((_obj: unknown, message: string) => void warnings.push(message)) as typeof app.log.warn;
  return { app, warnings };
}

describe('background work (sweeps and workers)', () => {
  it('runs one round at a time, even when a round outlasts the interval', async () => {
    const { app } = appWithLog();
    let inFlight = 0;
    let most = 0;
    let rounds = 0;
    runInBackground(app, {
      name: 'slow round',
      everyMs: 5,
      round: async () => {
        most = Math.max(most, ++inFlight);
        await sleep(30); // the subject: a round six times the interval
        inFlight--;
        rounds++;
      },
    });
    await app.ready();
    // Wait for rounds to have run (the signal), not for a fixed 150 ms.
    await expect.poll(() => rounds).toBeGreaterThanOrEqual(2);
    await app.close();
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('logs a failed round and runs again at the next tick', async () => {
    const { app, warnings } = appWithLog();
    let calls = 0;
    runInBackground(app, {
      name: 'flaky sweep',
      everyMs: 10,
      round: async () => {
        if (++calls === 1) throw new Error('database busy');
      },
    });
    await app.ready();
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await app.close();
    expect(warnings[0]).toBe('flaky sweep failed; it will run again');
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('runs at start when asked; closing stops the loop between batches and waits for the round under way', async () => {
    const { app } = appWithLog();
    const events: string[] = [];
    runInBackground(app, {
      name: 'batches',
      everyMs: 60_000,
      atStart: true,
      round: async (open) => {
        while (open()) {
          events.push('batch');
          await sleep(20); // a batch's work
        }
        events.push('round ended');
      },
      afterClose: () => events.push('after close'),
    });
    await app.ready();
    await expect.poll(() => events.filter((e) => e === 'batch').length).toBeGreaterThanOrEqual(2);
    await app.close();
    events.push('closed');
    expect(events.filter((e) => e === 'batch').length).toBeGreaterThanOrEqual(2);
    expect(events.slice(-3)).toEqual(['round ended', 'after close', 'closed']);
  });
});
