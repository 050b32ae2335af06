import fp from 'fastify-plugin';
import { ErrorCode } from '../../contract/errors.js';
import { AppError } from '../errors.js';

/** Never stored as text (hashed with argon2, which takes any bytes): accounts made with a NUL in theirs can still sign in. */
const HASHED_FIELDS = new Set(['password']);

/** The path of the first string (value or key) holding U+0000, or null when there is none. */
export function pathOfNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')];
    if (HASHED_FIELDS.has(key)) continue;
    const found = pathOfNul(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character, so a value with one would reach the database and
 * come back as a bare "value out of range" that names nothing. Refused here, before any route's
 * schema runs, with the field it is in, for every route's params, query and body at once.
 */
export const nulTextGuard = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = pathOfNul(part);
      if (!path) continue;
      const where = path.length > 0 ? path.join('.') : 'body';
      const message = `${where}: must not contain the NUL character (\\u0000)`;
      throw new AppError(ErrorCode.VALIDATION, message, [{ path, message }]);
    }
  });
});
