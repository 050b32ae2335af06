import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from './db-fingerprint.js';
import { ACCESS_CASES, type AccessCase, OPEN_ROUTES } from './route-access.js';
import { createTestApp, type TestContext } from './test-app.js';
import { buildWorld, type Party, type World } from './world.js';

let ctx: TestContext;
beforeAll(async () => {
  // No background work: only the requests under test may write.
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

const PARTIES: Party[] = ['customer', 'owner', 'restaurantOwner', 'otherCustomer', 'otherOwner', 'bidder', 'anonymous'];

function call(world: World, party: Party, c: AccessCase) {
  const client = world.clients[party];
  const options = c.request(world);
  return client ? client.request(options) : ctx.app.inject(options);
}

function expectNoPersonalData(body: string, world: World) {
  for (const secret of ['Pat Doe', 'pat@example.com', '2125550100', `"customerId":${world.customerId}`]) expect(body).not.toContain(secret);
}

/*
 * Who may call what is decided in TypeScript and in the same SQL on both databases, so npm test runs
 * the cases once: on PostgreSQL when TEST_DATABASE_URL is set (the faster of the two here), else on
 * PGlite. AUTH_MATRIX_EVERY_DATABASE=1 runs them on each (about three minutes per database).
 */
const casesRunHere =
  process.env.AUTH_MATRIX_EVERY_DATABASE === '1' || process.env.TEST_DB === 'postgres' || !process.env.TEST_DATABASE_URL;

describe('authorization matrix over the route table', () => {
  it('has a case (or a stated reason to have none) for every API route', () => {
    const described = new Set([...ACCESS_CASES.map((c) => c.route), ...Object.keys(OPEN_ROUTES)]);
    const missing = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`).filter((key) => !described.has(key));
    expect(missing, 'add these routes to src/server/test/route-access.ts').toEqual([]);
    const registered = new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect([...described].filter((key) => !registered.has(key)), 'cases for routes that no longer exist').toEqual([]);
  });

  for (const c of casesRunHere ? ACCESS_CASES : []) {
    const refused = PARTIES.filter((p) => !c.allowed.includes(p));
    it(`${c.route}${c.name ? ` (${c.name})` : ''}: only ${c.allowed.join(', ')}`, async () => {
      const freshWorld = async () => {
        const world = await buildWorld(ctx.app);
        await c.prepare?.(world);
        return world;
      };
      // A fresh world for each rightful party of a change (a successful cancel must not hide the next
      // party's answer). The refused parties go first, in the first world, and are shown to change
      // nothing in it, so the first rightful party then finds it as fresh as a new one and acts there;
      // a read shares that world among all. Worlds are independent (their own users and businesses), so
      // they are built together, which is most of this file's time; the calls and fingerprints then run
      // one at a time.
      const readOnly = c.request({ extra: {} } as unknown as World).method === 'GET';
      const worlds = await Promise.all(Array.from({ length: readOnly ? 1 : Math.max(1, c.allowed.length) }, freshWorld));
      if (refused.length) {
        const world = worlds[0];
        const before = await fingerprint(ctx.database);
        for (const party of refused) {
          const res = await call(world, party, c);
          expect(res.statusCode, `${party} → ${res.body}`).toBe(party === 'anonymous' ? 401 : 403);
          expect(await fingerprint(ctx.database), `${party} changed data`).toEqual(before);
        }
      }
      const rightful = readOnly ? c.allowed.map(() => worlds[0]) : worlds;
      for (const [i, party] of c.allowed.entries()) {
        const world = rightful[i];
        const res = await call(world, party, c);
        expect(res.statusCode, `${party} → ${res.body}`).toBeLessThan(300);
        if (c.privateFrom?.includes(party)) expectNoPersonalData(res.body, world);
      }
    });
  }
});
