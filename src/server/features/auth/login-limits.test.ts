import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';

const LIMIT = 3;
const PASSWORD = 'plum-orchard-42';
let ctx: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT: LIMIT });
  proxied = await createTestApp({ LOGIN_RATE_LIMIT: LIMIT, TRUST_PROXY: 1 });
});
afterAll(async () => {
  await ctx.close();
  await proxied.close();
});

let addressCounter = 0;
/** A fresh client address per call, so tests do not share per-IP counts. */
const freshAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const login = (username: string, password: string, remoteAddress: string, app: FastifyInstance = ctx.app, headers = {}) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, headers });

describe('login limits', () => {
  it('limits one address guessing one user, and lets the owner in from another address', async () => {
    const { user } = await signUp(ctx.app);
    const attacker = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await login(user.username, 'wrong-guess', attacker)).statusCode).toBe(401);
    const blocked = await login(user.username, PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many failed sign-in attempts/) });

    // the username is over its limit, but the owner's address has not been failing
    const owner = freshAddress();
    expect((await login(user.username, PASSWORD, owner)).statusCode).toBe(200);
    // a second address that guesses wrong gets its answer once, then is refused like the first
    const second = freshAddress();
    expect((await login(user.username, 'wrong-again', second)).statusCode).toBe(401);
    expect((await login(user.username, PASSWORD, second)).statusCode).toBe(429);
  });

  it('limits one address across usernames', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await login(`nobody${i}`, 'wrong-guess', address)).statusCode).toBe(401);
    expect((await login('nobody-else', 'wrong-guess', address)).statusCode).toBe(429);
  });

  it('refuses every address once a username has 5 × the limit of failures (IP rotation)', async () => {
    const { user } = await signUp(ctx.app);
    for (let i = 0; i < 5 * LIMIT; i++) expect((await login(user.username, 'wrong-guess', freshAddress())).statusCode).toBe(401);
    expect((await login(user.username, PASSWORD, freshAddress())).statusCode).toBe(429);
  });

  it('a refused attempt is not counted, a successful one is handed back', async () => {
    const { user } = await signUp(ctx.app);
    const address = freshAddress();
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(user.username, 'wrong-guess', address)).statusCode).toBe(401);
    expect((await login(user.username, PASSWORD, address)).statusCode).toBe(200);
    expect((await login(user.username, 'wrong-guess', address)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(user.username, 'wrong-guess', address)).statusCode).toBe(429);
    const [row] = await queryRows<{ count: number }>(ctx.database, `select count from login_attempts where key = 'user:${user.username.toLowerCase()}'`);
    expect(Number(row.count)).toBe(LIMIT);
  });

  it('counts every spelling that signs in as one user on one key, as PostgreSQL lower() folds it', async () => {
    const ivan = await signUp(ctx.app, 'customer', 'ivan');
    // 'İ' (dotted capital I) signs in as ivan through lower(); JavaScript would lower it to 'i̇' instead
    expect((await login('İvan', PASSWORD, freshAddress())).json().id).toBe(ivan.user.id);
    const address = freshAddress();
    for (const spelling of ['İvan', 'IVAN', 'İVAN']) expect((await login(spelling, 'wrong-guess', address)).statusCode).toBe(401);
    expect((await login('ivan', PASSWORD, address)).statusCode).toBe(429);
    for (let i = 0; i < 5 * LIMIT - 3; i++) expect((await login(i % 2 ? 'ivan' : 'İvan', 'wrong-guess', freshAddress())).statusCode).toBe(401);
    expect((await login('İvan', PASSWORD, freshAddress())).statusCode).toBe(429);
  });

  it('behind one trusted proxy, a client cannot escape the limits by rotating X-Forwarded-For', async () => {
    const { user } = await signUp(proxied.app);
    const proxy = '192.0.2.10';
    const client = '203.0.113.7';
    for (let i = 0; i < LIMIT; i++) {
      const res = await login(user.username, 'wrong-guess', proxy, proxied.app, { 'x-forwarded-for': `198.51.100.${i}, ${client}` });
      expect(res.statusCode).toBe(401);
    }
    const rotated = await login(user.username, PASSWORD, proxy, proxied.app, { 'x-forwarded-for': `198.51.100.99, ${client}` });
    expect(rotated.statusCode).toBe(429);
    // the real next client of the proxy is someone else, and gets in
    const other = await login(user.username, PASSWORD, proxy, proxied.app, { 'x-forwarded-for': '203.0.113.8' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['set-cookie']).toMatch(/; Secure/);
  });
});
