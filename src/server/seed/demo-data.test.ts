import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, testConfig, type TestContext } from '../test/test-app.js';
import { seedDemoData } from './demo-data.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('loads businesses, services and the login screen accounts once, on an empty database only', async () => {
    expect(await seedDemoData(ctx.database.db, testConfig())).toBe(true);
    expect(await seedDemoData(ctx.database.db, testConfig())).toBe(false);
    const client = new TestClient(ctx.app);
    const services = (await client.get('/api/businesses?type=service')).json() as { id: number; category: string }[];
    const restaurants = (await client.get('/api/businesses?type=restaurant')).json();
    expect(services.length).toBeGreaterThanOrEqual(4);
    expect(new Set(services.map((b) => b.category)).size).toBe(services.length);
    expect(restaurants).toHaveLength(3);
    for (const b of services) {
      const list = (await client.get(`/api/businesses/${b.id}/services`)).json();
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(4);
    }
    for (const [username, userType] of [['alice', 'customer'], ['bob', 'customer'], ['owner', 'business']]) {
      const res = await new TestClient(ctx.app).post('/api/login', { username, password: 'password123' });
      expect(res.statusCode).toBe(200);
      expect(res.json().userType).toBe(userType);
    }
    const owner = await new TestClient(ctx.app).post('/api/login', { username: 'owner', password: 'password123' });
    expect(owner.json().businessId).toEqual(expect.any(Number));
  });
});
