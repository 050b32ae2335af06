import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessNow, minutesSince, wallClock } from './business-clock.js';

describe('business clock', () => {
  it('gives the local date and minutes in the business zone', () => {
    expect(businessNow('America/New_York', new Date('2030-03-10T06:59:00Z'))).toEqual({ date: '2030-03-10', minutes: 119 }); // 01:59 EST
    expect(businessNow('America/New_York', new Date('2030-03-10T07:00:00Z'))).toEqual({ date: '2030-03-10', minutes: 180 }); // 03:00 EDT
    expect(businessNow('Asia/Kolkata', new Date('2030-12-31T18:29:00Z'))).toEqual({ date: '2030-12-31', minutes: 23 * 60 + 59 });
    expect(businessNow('Asia/Kolkata', new Date('2030-12-31T18:30:00Z'))).toEqual({ date: '2031-01-01', minutes: 0 });
  });

  it('round-trips wall-clock timestamps across day boundaries', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3000, max: 5000 }), (minutes) => {
        expect(minutesSince('2030-02-28', wallClock('2030-02-28', minutes))).toBe(minutes);
      }),
    );
    expect(wallClock('2030-12-31', 1440 + 30)).toBe('2031-01-01 00:30:00');
    expect(minutesSince('2030-03-01', '2030-02-28T23:00:00')).toBe(-60);
  });
});
