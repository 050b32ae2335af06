import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/usernames/:username/availability', () => {
  it('says a username is taken whatever its case, and free otherwise, to anyone', async () => {
    const taken = await signUp(ctx.app, 'customer');
    const anyone = new TestClient(ctx.app);
    const res = await anyone.get(`/api/usernames/${encodeURIComponent(taken.user.username.toUpperCase())}/availability`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: taken.user.username.toUpperCase(), available: false });
    expect((await anyone.get('/api/usernames/nobody-has-this-name/availability')).json()).toEqual({ username: 'nobody-has-this-name', available: true });
    // Signed in it answers the same.
    expect((await taken.get('/api/usernames/nobody-has-this-name/availability')).json().available).toBe(true);
  });

  it("uses registration's username rules and says nothing about e-mail addresses", async () => {
    const anyone = new TestClient(ctx.app);
    const short = await anyone.get('/api/usernames/ab/availability');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Username must be at least 3 characters');
    expect((await anyone.get(`/api/usernames/${'x'.repeat(51)}/availability`)).json().message).toContain('Username must be at most 50 characters');
    const customer = await signUp(ctx.app, 'customer');
    expect((await anyone.get(`/api/usernames/${encodeURIComponent(`${customer.user.username}@example.com`)}/availability`)).json().available).toBe(true);
  });
});

describe('GET /api/usernames/:username/availability, rate limited', () => {
  let limited: TestContext;
  beforeAll(async () => {
    // A twentieth of the general limit: 5 a minute here.
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: 100 });
  });
  afterAll(() => limited.close());

  it('answers 429 {message, code} once an address has asked too often', async () => {
    const anyone = new TestClient(limited.app);
    for (let i = 0; i < 5; i++) expect((await anyone.get(`/api/usernames/name-${i}/availability`)).statusCode).toBe(200);
    const refused = await anyone.get('/api/usernames/name-5/availability');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') });
  });
});
