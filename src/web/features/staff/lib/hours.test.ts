import { describe, expect, it } from 'vitest';
import { dayProblem, fromWeek, hoursSummary, nextRange, toWeek } from './hours';

describe('staff hours', () => {
  const lunch = [1, 2, 3, 4, 5].flatMap((d) => [
    { dayOfWeek: d, openTime: '09:00:00', closeTime: '12:00:00' },
    { dayOfWeek: d, openTime: '13:00', closeTime: '17:00' },
  ]);

  it('summarises a week: the same days grouped, days off last, null as the business hours', () => {
    expect(hoursSummary(null)).toBe('Business hours');
    expect(hoursSummary(lunch)).toBe('Mon–Fri 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · Off Sat–Sun');
    expect(hoursSummary([...lunch.filter((h) => h.dayOfWeek !== 3), { dayOfWeek: 6, openTime: '10:00', closeTime: '14:00' }])).toBe(
      'Mon–Tue 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · Thu–Fri 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · Sat 10:00 AM – 2:00 PM · Off Wed, Sun',
    );
    expect(hoursSummary([])).toBe('No working hours');
  });

  it('refuses overlapping or backwards ranges, allows touching ones', () => {
    expect(dayProblem([{ openTime: '09:00', closeTime: '12:00' }, { openTime: '12:00', closeTime: '17:00' }])).toBeNull();
    expect(dayProblem([{ openTime: '13:00', closeTime: '17:00' }, { openTime: '09:00', closeTime: '13:30' }])).toBe('9:00 AM – 1:30 PM and 1:00 PM – 5:00 PM overlap');
    expect(dayProblem([{ openTime: '12:00', closeTime: '09:00' }])).toBe('12:00 PM – 9:00 AM: the end must be after the start');
  });

  it('round-trips a week and proposes the range after a break', () => {
    expect(fromWeek(toWeek(lunch))).toEqual(lunch.map((h) => ({ ...h, openTime: h.openTime.slice(0, 5), closeTime: h.closeTime.slice(0, 5) })));
    expect(nextRange([])).toEqual({ openTime: '09:00', closeTime: '17:00' });
    expect(nextRange([{ openTime: '09:00', closeTime: '12:00' }])).toEqual({ openTime: '13:00', closeTime: '17:00' });
  });
});
