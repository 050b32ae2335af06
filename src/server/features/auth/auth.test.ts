import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('accounts', () => {
  it('registers, signs in with the cookie, and reads the current user', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/api/register', { username: 'carol', email: 'Carol@Example.com', password: 'plum-orchard-42', userType: 'customer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'carol', email: 'carol@example.com', userType: 'customer', businessId: null });
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(res.headers['set-cookie']).toMatch(/SameSite=Lax/);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('carol');
  });

  it('rejects duplicates with 409 and bad input with 400 naming the field', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/register', { username: 'dave', email: 'dave@example.com', password: 'plum-orchard-42' });
    const dupName = await new TestClient(ctx.app).post('/api/register', { username: 'DAVE', email: 'other@example.com', password: 'plum-orchard-42' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe('That username is already taken');
    const dupEmail = await new TestClient(ctx.app).post('/api/register', { username: 'dave2', email: 'DAVE@example.com', password: 'plum-orchard-42' });
    expect(dupEmail.statusCode).toBe(409);
    const short = await new TestClient(ctx.app).post('/api/register', { username: 'ab', email: 'x@example.com', password: 'plum-orchard-42' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Username must be at least 3 characters');
    const badEmail = await new TestClient(ctx.app).post('/api/register', { username: 'abc', email: 'nope', password: 'plum-orchard-42' });
    expect(badEmail.json().message).toContain('Invalid email address');
    const shortPw = await new TestClient(ctx.app).post('/api/register', { username: 'abcd', email: 'a@example.com', password: '123' });
    expect(shortPw.json().message).toContain('Password must be at least 8 characters');
    const wrongTypes = await new TestClient(ctx.app).post('/api/register', { username: 5, email: [], password: {} });
    expect(wrongTypes.statusCode).toBe(400);
  });

  it('GET /api/session answers 200 with the user, or user null when signed out (GET /api/user stays 401)', async () => {
    const client = new TestClient(ctx.app);
    const signedOut = await client.get('/api/session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    await client.post('/api/register', { username: 'sessie', email: 'sessie@example.com', password: 'plum-orchard-42' });
    const signedIn = await client.get('/api/session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ username: 'sessie', userType: 'customer', businessId: null });
    await client.request({ method: 'POST', url: '/api/logout' });
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
  });

  it('logs in, logs out, and answers 401 after logout', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/register', { username: 'erin', email: 'erin@example.com', password: 'plum-orchard-42' });
    const fresh = new TestClient(ctx.app);
    const bad = await fresh.post('/api/login', { username: 'erin', password: 'wrong-pass' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid username or password');
    const ok = await fresh.post('/api/login', { username: 'erin', password: 'plum-orchard-42' });
    expect(ok.statusCode).toBe(200);
    expect((await fresh.get('/api/user')).statusCode).toBe(200);
    const out = await fresh.request({ method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(204);
    expect((await fresh.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses short, blank and common passwords with the shared messages', async () => {
    const attempt = (password: string) =>
      new TestClient(ctx.app).post('/api/register', { username: 'weakling', email: 'weak@example.com', password });
    const cases: [string, string][] = [
      ['1234567', 'Password must be at least 8 characters'],
      ['          ', 'Password must be at least 8 characters, not only spaces'],
      ['password123', 'Password must not be a common password: this one is on the list of the most used. Choose a less guessable one.'],
      ['PassWord123', 'Password must not be a common password: this one is on the list of the most used. Choose a less guessable one.'],
      ['QWERTYUIOP', 'Password must not be a common password: this one is on the list of the most used. Choose a less guessable one.'],
    ];
    for (const [password, message] of cases) {
      const res = await attempt(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: `password: ${message}` });
    }
    expect((await attempt('correct horse battery')).statusCode).toBe(201);
  });

  it('requires JSON for mutating requests and never answers 500 to junk', async () => {
    const form = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=a&password=b' });
    expect(form.statusCode).toBe(415);
    const text = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: '{"username":"a","password":"b"}' });
    expect(text.statusCode).toBe(415);
    const broken = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    const huge = await ctx.app.inject({ method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(200_000) }) });
    expect(huge.statusCode).toBe(413);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No API route/);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: process.env.TEST_DB });
  });
});
