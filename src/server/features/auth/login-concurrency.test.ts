import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';

// Low, so the few guesses that do get verified (argon2, ~19 MiB each) stay quick.
const LIMIT = 4;
const GUESSES = 120;

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
