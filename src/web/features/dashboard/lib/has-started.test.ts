import { describe, expect, it } from 'vitest';
import { canCompleteNow, completableFrom, hasStarted, nowIn } from './has-started';

describe('hasStarted', () => {
  const now = new Date('2030-03-05T15:30:00Z');
  it('reads the wall clock in the business zone', () => {
    expect(nowIn('America/New_York', now)).toBe('2030-03-05 10:30');
    expect(nowIn('UTC', now)).toBe('2030-03-05 15:30');
  });
  it('compares the start with that wall clock', () => {
    expect(hasStarted('2030-03-05', '10:30', 'America/New_York', now)).toBe(true);
    expect(hasStarted('2030-03-05', '11:00', 'America/New_York', now)).toBe(false);
    expect(hasStarted('2030-03-04', '23:00', 'America/New_York', now)).toBe(true);
  });
});

describe('canCompleteNow: from an hour before the start', () => {
  const now = new Date('2030-03-05T15:30:00Z'); // 10:30 in New York
  it('is the start less 60 minutes, the day before when that crosses midnight', () => {
    expect(completableFrom('2030-03-05', '09:00')).toEqual({ date: '2030-03-05', time: '08:00' });
    expect(completableFrom('2030-03-05', '00:30')).toEqual({ date: '2030-03-04', time: '23:30' });
  });
  it('opens an hour before the start, in the business zone', () => {
    expect(canCompleteNow('2030-03-05', '11:30', 'America/New_York', now)).toBe(true);
    expect(canCompleteNow('2030-03-05', '11:31', 'America/New_York', now)).toBe(false);
    expect(canCompleteNow('2030-03-04', '09:00', 'America/New_York', now)).toBe(true);
    expect(canCompleteNow('2030-03-06', '09:00', 'America/New_York', now)).toBe(false);
  });
});
