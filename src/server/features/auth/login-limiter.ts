import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type AttemptCount, type AttemptKind, countFailure, releaseAttempt, reserveAttempt } from './login-attempts.repository.js';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Against IP rotation: past this many times the limit, a username is refused from every address. */
export const USER_CEILING_FACTOR = 5;
/** How long a login waits for its turn while others on its keys are being verified. */
const TURN_WAIT_MS = 10_000;

export interface LoginReservation {
  /** The password was right, or nothing was verified: nothing is counted against anyone. */
  release(): Promise<void>;
  /** The password was wrong: the failure counts on every key. */
  failed(): Promise<void>;
}

type Verdict = { refuse: AttemptCount[][] } | { wait: true } | { go: true };

/**
 * The rule, with L = limit and F = failures counted in the current window, N = logins in flight now
 * (this one included) on the same keys:
 * - refused when the address has L failures, or L on this username;
 * - when the username has L failures from all addresses, only addresses that have failed on it are
 *   refused, so strangers cannot lock the owner out; past USER_CEILING_FACTOR × L everyone is.
 * A login that would be allowed waits for its turn while F + N passes a limit: parallel guesses
 * cannot all pass a check made before any of them failed, and parallel right passwords are not
 * refused for failures that never happened. The rule and its reasons: docs/decisions/0007-login-limits.md.
 */
function judge(counted: AttemptCount[], limit: number): Verdict {
  const of = (kind: AttemptKind) => counted.find((c) => c.kind === kind)!;
  const [byIp, byUserIp, byUser] = [of('ip'), of('userIp'), of('user')];
  const refuse: AttemptCount[][] = [];
  if (byIp.failures >= limit) refuse.push([byIp]);
  if (byUserIp.failures >= limit) refuse.push([byUserIp]);
  if (byUser.failures >= USER_CEILING_FACTOR * limit) refuse.push([byUser]);
  // this address failed on the user before: either window ending frees it
  if (byUser.failures >= limit && byUserIp.failures >= 1) refuse.push([byUser, byUserIp]);
  if (refuse.length > 0) return { refuse };
  const crowded = (c: AttemptCount, cap: number) => c.failures + c.inFlight > cap;
  if (crowded(byIp, limit) || crowded(byUserIp, limit) || crowded(byUser, USER_CEILING_FACTOR * limit)) return { wait: true };
  if (byUserIp.failures >= 1 && crowded(byUser, limit)) return { wait: true };
  return { go: true };
}

/**
 * Reserves a login before the password is verified, and waits its turn while the logins in flight
 * on its keys could each still fail past the limit. A refused login is handed back at once (it
 * verified nothing); the caller reports how the verify went.
 */
export async function reserveLoginAttempt(db: Db, limit: number, username: string, ip: string): Promise<LoginReservation> {
  const deadline = Date.now() + TURN_WAIT_MS;
  for (let round = 0; ; round++) {
    const counted = await reserveAttempt(db, username, ip);
    const verdict = judge(counted, limit);
    if ('go' in verdict) {
      return {
        release: () => releaseAttempt(db, counted),
        failed: async () => {
          await countFailure(db, counted, LOGIN_WINDOW_SECONDS);
          await releaseAttempt(db, counted);
        },
      };
    }
    await releaseAttempt(db, counted);
    if ('refuse' in verdict) {
      const freedAt = Math.max(...verdict.refuse.map((keys) => Math.min(...keys.map((k) => k.windowEndsAt.getTime()))));
      const minutes = Math.max(1, Math.ceil((freedAt - Date.now()) / 60_000));
      throw new AppError(ErrorCode.RATE_LIMITED, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    if (Date.now() >= deadline) {
      throw new AppError(ErrorCode.RATE_LIMITED, 'Too many sign-in attempts at once. Try again in a moment.');
    }
    // Its turn comes when a login in flight ends: a few milliseconds of argon2, and a round trip.
    await sleep(Math.min(200, 10 * 2 ** Math.min(round, 4)) * (0.5 + Math.random()));
  }
}
