import { describe, expect, it } from 'vitest';
import { hasStarted, nowIn } from './has-started';

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
