import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type AttemptCount, type AttemptKind, countAttempt, uncountAttempt } from './login-attempts.repository.js';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Against IP rotation: past this many times the limit, a username is refused from every address. */
export const USER_CEILING_FACTOR = 5;

export interface LoginReservation {
  /** A successful login does not count against anyone: hand the attempt back. */
  release(): Promise<void>;
}

/**
 * Counts this login attempt before the password is verified, so parallel guesses cannot all pass a
 * check made before any of them failed. With L = limit, counts taken in the current window:
 * - refused when the address has L attempts, or L on this username;
 * - when the username has L from all addresses, only addresses that have tried it are refused,
 *   so strangers cannot lock the owner out; past USER_CEILING_FACTOR × L everyone is refused.
 * A refused attempt is handed back at once (it verified nothing); a failed one stays counted.
 * The rule and its reasons: docs/decisions/0007-login-limits.md.
 */
export async function reserveLoginAttempt(db: Db, limit: number, username: string, ip: string): Promise<LoginReservation> {
  const counted = await countAttempt(db, username, ip, LOGIN_WINDOW_SECONDS);
  const of = (kind: AttemptKind) => counted.find((c) => c.kind === kind)!;
  const [byIp, byUserIp, byUser] = [of('ip'), of('userIp'), of('user')];
  // counts include this attempt: "count > L" means L were taken before it
  const blockers: AttemptCount[][] = [];
  if (byIp.count > limit) blockers.push([byIp]);
  if (byUserIp.count > limit) blockers.push([byUserIp]);
  if (byUser.count > USER_CEILING_FACTOR * limit) blockers.push([byUser]);
  // this address tried the user before (count > 1): either window ending frees it
  if (byUser.count > limit && byUserIp.count > 1) blockers.push([byUser, byUserIp]);
  if (blockers.length > 0) {
    await uncountAttempt(db, counted);
    const freedAt = Math.max(...blockers.map((keys) => Math.min(...keys.map((k) => k.windowEndsAt.getTime()))));
    const minutes = Math.max(1, Math.ceil((freedAt - Date.now()) / 60_000));
    throw new AppError(ErrorCode.RATE_LIMITED, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  return { release: () => uncountAttempt(db, counted) };
}
