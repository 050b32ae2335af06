/**
 * Model-based test of paid slot swaps (DESIGN sections 5 and 6): random sequences of bookings,
 * credit grants, offers (queue jump and move back, by credit and by test card), counters by either
 * party, accepts, accept-counters, declines, cancels, appointment cancellations, reschedules,
 * completions, expiry and the background sweeps, all through the HTTP API except the clock (expiry
 * is forced by moving expires_at into the past with SQL; a completion moves the app's clock to the
 * visit's start, completeVisit) and the sweeps (called directly). After
 * every step the database must match the model (appointments, offers, escrow, credit) and the
 * invariants of test-invariants.ts must hold; no request may be answered 5xx. The app's own sweep
 * (every 5 s) may expire an overdue offer first; the model accepts that and follows.
 *
 * Each run gets a new shop (six 30-minute slots on one weekday, two staff members: bookings for anyone,
 * or a member by name, and swaps trade members with the times) and four new customers (the same four
 * would hold an earlier run's bookings at that hour, which one place at a time refuses).
 * Size: MODEL_RUNS (default 40 on PGlite, 20 on PostgreSQL) × MODEL_STEPS (default 40) steps, but
 * no new run starts after MODEL_SECONDS (default 15; unlimited when MODEL_RUNS is given), so a busy
 * machine runs fewer; the test prints how many it ran.
 * MODEL_SEED=<n> replays a run; MODEL_SHRINK=1 shrinks a failure to a short sequence (slow).
 * e.g. MODEL_RUNS=200 npx vitest run --project pglite src/server/features/offers/offers.model.test.ts
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { actionArbitrary, ModelTally, OfferModelRun, offerKinds, runModel } from './model-run-test-support.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const RUNS = Number(process.env.MODEL_RUNS ?? (onPostgres ? 20 : 40));
const STEPS = Number(process.env.MODEL_STEPS ?? 40);
// npm test stays near a quarter of a minute per database (`npm run test:deep` runs 200): no new run starts after this.
const SECONDS = Number(process.env.MODEL_SECONDS ?? (process.env.MODEL_RUNS || process.env.MODEL_SHRINK === '1' ? 3600 : 15));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('paid slot swaps against a model', () => {
  it(`keeps the ledger, escrow and appointments consistent over ${RUNS} runs × ${STEPS} random steps`, async () => {
    const tally = new ModelTally();
    await runModel('offers model', { runs: RUNS, steps: STEPS, seconds: SECONDS }, actionArbitrary(offerKinds), () => new OfferModelRun(ctx, tally), tally);
  }, 600_000);
});
