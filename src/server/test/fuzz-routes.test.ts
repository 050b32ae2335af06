import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from './db-fingerprint.js';
import { requestArbitrary } from './request-arbitraries.js';
import { createTestApp, type TestContext } from './test-app.js';
import { buildWorld, type Party, type World } from './world.js';

// npm test sends 60 random requests per route and party mix; `FUZZ_RUNS=2000 npx vitest run
// src/server/test/fuzz-routes.test.ts` (or `npm run test:deep`) digs deeper. As the authorization
// matrix does, the random requests run on one database: PostgreSQL when TEST_DATABASE_URL is set, else
// PGlite (on PGlite they were 30 s of a CI run's workers, 2026-12-06); FUZZ_EVERY_DATABASE=1 (npm run
// test:deep) sends them on each. The route table's cover is checked on both.
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const fuzzHere = process.env.FUZZ_EVERY_DATABASE === '1' || process.env.TEST_DB === 'postgres' || !process.env.TEST_DATABASE_URL;

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  // No background work: only the requests under test may write.
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
  if (fuzzHere) world = await buildWorld(ctx.app);
});
afterAll(() => ctx.close());

const PARTIES: Party[] = ['anonymous', 'customer', 'owner', 'restaurantOwner'];

describe('fuzzing every route in the route table', () => {
  it('covers the routes', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(25);
  });

  it.runIf(fuzzHere)('never answers 5xx, always answers errors as {message, code}, and a refused request writes nothing', async () => {
    const validIds = [world.shopId, world.serviceId, world.restaurantId, world.appointmentId, world.customerId, world.timeSlotId, world.blockedDateId];
    // Signing out last keeps the other routes exercised by signed-in parties.
    const routes = [...ctx.app.routeTable].sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
    for (const route of routes) {
      let before = await fingerprint(ctx.database);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, validIds), fc.constantFrom(...PARTIES), async (options, party) => {
          const client = world.clients[party];
          const res = client ? await client.request(options) : await ctx.app.inject(options);
          const where = `${options.method} ${options.url} as ${party} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json();
            expect(typeof body.message, where).toBe('string');
            expect(typeof body.code, where).toBe('string');
            const after = await fingerprint(ctx.database);
            expect(Object.keys(after).filter((table) => after[table] !== before[table]), `${where} wrote data`).toEqual([]);
          } else if (options.method !== 'GET') {
            before = await fingerprint(ctx.database);
          }
        }),
        { numRuns: RUNS },
      );
    }
  }, 600_000);
});
