import { describe, expect, it } from 'vitest';
import { runFaultInjection } from '../../bench/fault-injection.js';

// The short form of `npm run faults` (bench/fault-injection.ts): the real app in a child process,
// killed with SIGKILL a few times while clients book, offer, counter, accept, cancel and complete.
const onPostgres = process.env.TEST_DB === 'postgres';
const SECONDS = Number(process.env.FAULT_TEST_SECONDS ?? 15);

describe.runIf(onPostgres)('SIGKILL under load (PostgreSQL only: the checks read the database while the app is dead, and PGlite lives inside the app process)', () => {
  it('keeps every 2xx, a zero-sum ledger, no hold past its deadline, no overlap, no e-mail twice, no half-applied offer, every change followed once with its notices and e-mail; recovers from dropped connections', async () => {
    const result = await runFaultInjection({ adminUrl: process.env.TEST_DATABASE_URL!, seconds: SECONDS, clients: 6, uptimeMs: [2000, 5000], dropEvery: 3 });
    console.log(`fault injection: ${result.operations} requests, ${result.kills} kills, ${result.connectionDrops} connection drops, ${result.kept2xx} 2xx kept`, result.kept2xxByKind, result.byStatus, 'keyed bookings whose answer was lost:', result.keyedRetries,
      `card actions done: ${result.paymentActionsDone} (${result.paymentActionsFinishedAfterKill} after a kill); e-mails repeated after a kill: ${result.emailsRepeatedAfterKill}`);
    expect(result.problems).toEqual([]);
    expect(Object.values(result.invariants).every(Boolean)).toBe(true);
    expect(result.kills).toBeGreaterThanOrEqual(1);
    expect(result.connectionDrops).toBeGreaterThanOrEqual(1);
    expect(result.kept2xx).toBeGreaterThan(20);
  }, (SECONDS + 150) * 1000);
});
