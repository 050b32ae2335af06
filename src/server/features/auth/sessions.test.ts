import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { sweepExpired } from './expiry-sweep.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('sessions', () => {
  it('POST /api/logout?all=true ends every session of the user, and only theirs', async () => {
    const laptop = await signUp(ctx.app);
    const phone = new TestClient(ctx.app);
    expect((await phone.post('/api/login', { username: laptop.user.username, password: 'plum-orchard-42' })).statusCode).toBe(200);
    const someoneElse = await signUp(ctx.app);

    const out = await laptop.request({ method: 'POST', url: '/api/logout?all=true' });
    expect(out.statusCode).toBe(204);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await someoneElse.get('/api/user')).statusCode).toBe(200);
  });

  it('plain logout ends only this session; the all flag takes only true or false', async () => {
    const laptop = await signUp(ctx.app);
    const phone = new TestClient(ctx.app);
    await phone.post('/api/login', { username: laptop.user.username, password: 'plum-orchard-42' });
    const bad = await laptop.request({ method: 'POST', url: '/api/logout?all=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect((await laptop.request({ method: 'POST', url: '/api/logout?all=false' })).statusCode).toBe(204);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(200);
    // signed out already: nothing to end, still 204
    expect((await new TestClient(ctx.app).request({ method: 'POST', url: '/api/logout?all=true' })).statusCode).toBe(204);
  });

  it('the expiry sweep deletes expired sessions and ended login windows, and keeps live ones', async () => {
    const { user } = await signUp(ctx.app);
    await queryRows(ctx.database, `insert into sessions (token_hash, user_id, expires_at) values ('expired-token', ${user.id}, now() - interval '1 second')`);
    await queryRows(
      ctx.database,
      `insert into login_attempts (key, count, window_ends_at) values ('ip:ended', 3, now() - interval '1 second'), ('ip:live', 3, now() + interval '1 hour')`,
    );
    await sweepExpired(ctx.database.db);
    const sessions = await queryRows<{ token_hash: string }>(ctx.database, `select token_hash from sessions where user_id = ${user.id}`);
    expect(sessions.map((s) => s.token_hash)).not.toContain('expired-token');
    expect(sessions).toHaveLength(1);
    const windows = await queryRows<{ key: string }>(ctx.database, `select key from login_attempts where key in ('ip:ended', 'ip:live')`);
    expect(windows.map((w) => w.key)).toEqual(['ip:live']);
  });
});
