import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

describe('a database that has gone away', () => {
  it('answers 503 in the contract shape, not 500', async () => {
    const ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
    try {
      await ctx.database.close();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/businesses' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: 'The service is busy or restarting. Please try again in a moment.' });
    } finally {
      await ctx.close();
    }
  });
});
