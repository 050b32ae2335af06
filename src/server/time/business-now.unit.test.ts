import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { minutesToTime } from '../../contract/time.js';
import { businessNow } from '../features/availability/business-clock.js';
import { wallClockOf } from './business-time.js';

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney'] as const;

describe('businessNow (through the time module)', () => {
  it('is the wall clock of the instant in the business zone, across the changes', () => {
    const instant = fc.integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2028, 0, 1) / 60_000 }).map((x) => new Date(x * 60_000));
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (now, z) => {
        const { date: d, minutes } = businessNow(z, now);
        expect({ date: d, time: minutesToTime(minutes) }).toEqual(wallClockOf(Temporal.Instant.fromEpochMilliseconds(now.getTime()), z));
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
