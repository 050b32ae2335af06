import { describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

const UNAVAILABLE = { code: 'UNAVAILABLE', message: 'The service is busy or restarting. Please try again in a moment.' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until a request is refused (under-pressure samples once a second) or the time is up. */
async function firstShed(ctx: TestContext, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/businesses' });
    if (res.statusCode === 503 || Date.now() > until) return res;
    await sleep(100);
  }
}

describe('load shedding (@fastify/under-pressure)', () => {
  it('is quiet within its limits: the default heap limit lets requests through', async () => {
    const ctx = await createTestApp();
    try {
      // A first sample has been taken (under-pressure samples once a second; heapUsed reads 0 before),
      // so a refusal would be in force by now, rather than a fixed 1.2 s wait.
      const app = ctx.app as unknown as { memoryUsage(): { heapUsed: number } };
      await expect.poll(() => app.memoryUsage().heapUsed, { timeout: 10_000 }).toBeGreaterThan(0);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('past MAX_HEAP_USED_MB every request, health included, answers 503 {message, code} with Retry-After before doing any work', async () => {
    const ctx = await createTestApp({ MAX_HEAP_USED_MB: 1, PAYMENT_WORKER: false, OFFER_SWEEPS: false });
    try {
      const res = await firstShed(ctx, 5000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(res.headers['retry-after']).toBe('10');
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      // Refused before the session hook or the route ran: a mutating request writes nothing.
      const register = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'shed', email: 'shed@example.com', password: 'plum-orchard-42' } });
      expect(register.statusCode).toBe(503);
    } finally {
      await ctx.close();
    }
  });

  it('past MAX_EVENT_LOOP_DELAY_MS it sheds load, and takes requests again once the loop recovers', async () => {
    const ctx = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: 50, PAYMENT_WORKER: false, OFFER_SWEEPS: false });
    // A stalled event loop, as under a CPU-bound flood of requests: every turn of it waits ~150 ms
    // (under-pressure compares the mean delay over each one-second sample).
    const stall = setInterval(() => {
      const until = Date.now() + 150;
      while (Date.now() < until);
    }, 1);
    try {
      const shed = await firstShed(ctx, 5000);
      clearInterval(stall);
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toEqual(UNAVAILABLE);
      let res = shed;
      for (let i = 0; i < 50 && res.statusCode === 503; i++) {
        await sleep(200);
        res = await ctx.app.inject({ method: 'GET', url: '/api/businesses' });
      }
      expect(res.statusCode).toBe(200);
    } finally {
      clearInterval(stall);
      await ctx.close();
    }
  });
});
