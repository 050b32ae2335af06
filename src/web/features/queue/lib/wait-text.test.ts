import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeWait, formatWaitLength } from './wait-text';

const NEW_YORK = 'America/New_York';
// Thursday 2026-11-26, 8:00 AM in New York (EST, UTC-5)
const NOW = Date.parse('2026-11-26T13:00:00Z');
// Booked far off (the estimate is anchored on the clock only when it lands on the booked start).
const wait = (minutes: number | null, viewer = NEW_YORK) => describeWait({ estimatedWaitMinutes: minutes, timeZone: NEW_YORK, date: '2027-06-01', time: '10:00' }, NOW, viewer);

describe('describeWait', () => {
  it.each([
    [null, ''],
    [0, 'now'],
    [-5, 'now'],
    [1, 'in ~1 min'],
    [12, 'in ~12 min'],
    [59, 'in ~59 min'],
    [60, 'in 1 h'],
    [200, 'in 3 h 20 min'],
    [959, 'in 15 h 59 min'], // 11:59 PM today
    [960, 'tomorrow at 12:00 AM'],
    [1620, 'tomorrow at 11:00 AM'], // the "~1184 min" kind of wait: an appointment tomorrow
    [1620 + 24 * 60, 'Saturday at 11:00 AM'],
    [1620 + 5 * 24 * 60, 'Wednesday at 11:00 AM'],
    [1620 + 6 * 24 * 60, 'Thursday, December 3 at 11:00 AM'],
    [1620 + 13 * 24 * 60, 'Thursday, December 10 at 11:00 AM'],
  ])('%s minutes from 8:00 AM reads %j', (minutes, text) => {
    expect(wait(minutes)).toBe(text);
  });

  it("says whose clock a time is on when the viewer's browser is on another zone", () => {
    expect(wait(1620, 'Europe/Berlin')).toBe('tomorrow at 11:00 AM New York time');
    // a duration is the same everywhere
    expect(wait(200, 'Europe/Berlin')).toBe('in 3 h 20 min');
  });

  it("counts days on the business's calendar, not the viewer's", () => {
    // 8:00 PM in New York is already tomorrow in Berlin; 3 h later is still today in New York.
    const evening = Date.parse('2026-11-27T01:00:00Z');
    const entry = { timeZone: NEW_YORK, date: '2026-11-27', time: '09:00' };
    expect(describeWait({ ...entry, estimatedWaitMinutes: 180 }, evening, 'Europe/Berlin')).toBe('in 3 h');
    expect(describeWait({ ...entry, estimatedWaitMinutes: 300 }, evening, 'Europe/Berlin')).toBe('tomorrow at 1:00 AM New York time');
  });

  it('says the booked start when the estimate lands within a minute of it (minutes are rounded up when fetched)', () => {
    const tomorrowAtEleven = { timeZone: NEW_YORK, date: '2026-11-27', time: '11:00' };
    // 27 h from 8:00 AM is 11:00 AM tomorrow; rounded up and read 40 s later, it would say 11:01
    expect(describeWait({ ...tomorrowAtEleven, estimatedWaitMinutes: 1621 }, NOW + 40_000, NEW_YORK)).toBe('tomorrow at 11:00 AM');
    expect(describeWait({ ...tomorrowAtEleven, estimatedWaitMinutes: 1619 }, NOW, NEW_YORK)).toBe('tomorrow at 11:00 AM');
    // running 20 minutes late: the estimate is later than the booking
    expect(describeWait({ ...tomorrowAtEleven, estimatedWaitMinutes: 1640 }, NOW, NEW_YORK)).toBe('tomorrow at 11:20 AM');
  });

  it('never shows a bare count of minutes past an hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 60 * 24 * 30 }), (minutes) => {
        expect(wait(minutes)).not.toMatch(/\d{3,} min/);
        expect(wait(minutes)).not.toMatch(/~\d+ min/);
      }),
    );
  });
});

describe('formatWaitLength', () => {
  it.each([
    [0, '~0 min'],
    [12, '~12 min'],
    [60, '1 h'],
    [200, '3 h 20 min'],
    [1184, '19 h 44 min'],
    [1440, '1 d'],
    [3000, '2 d 2 h'],
  ])('%s minutes read %j', (minutes, text) => {
    expect(formatWaitLength(minutes)).toBe(text);
  });
});
