import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';

// Low, so the few guesses that do get verified (argon2, ~19 MiB each) stay quick.
const LIMIT = 4;
const GUESSES = 120;
const PASSWORD = 'plum-orchard-42';

let ctx: TestContext;
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  ctx = await createTestApp({ LOGIN_RATE_LIMIT: LIMIT });
});
afterAll(() => ctx?.close());

// PGlite is one connection that runs statements one at a time: nothing there can race.
describe.skipIf(process.env.TEST_DB !== 'postgres')('login limits under parallel guesses (PostgreSQL)', () => {
  it(`${GUESSES} parallel wrong guesses for one user from one address get at most ${LIMIT} real tries`, async () => {
    const { user } = await signUp(ctx.app);
    const results = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: `guess-${i}` }, remoteAddress: '10.9.9.9' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    const tried = statuses.filter((s) => s === 401).length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(GUESSES - tried);
  }, 60_000);
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('parallel right passwords (PostgreSQL)', () => {
  it('20 parallel correct logins from one address after one earlier failure all get in, 10 times over', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: 10 });
    try {
      for (let round = 0; round < 10; round++) {
        const { user } = await signUp(limited.app);
        const address = `10.8.${round}.1`;
        const login = (password: string) =>
          limited.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password }, remoteAddress: address });
        expect((await login('wrong-guess')).statusCode).toBe(401);
        const results = await Promise.all(Array.from({ length: 20 }, () => login(PASSWORD)));
        expect(results.map((r) => r.statusCode), results.map((r) => r.body).join('\n')).toEqual(Array(20).fill(200));
      }
    } finally {
      await limited.close();
    }
  }, 120_000);
});
