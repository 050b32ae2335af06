import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './sql-state.js';

// What node-postgres and drizzle throw when the database goes away; each must become a 503.
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: rollback'), { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a dropped, refused, timed-out or cancelled connection, however drizzle wraps it', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Client has encountered a connection error and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Client was closed and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
  });
  it('leaves real query errors alone', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
