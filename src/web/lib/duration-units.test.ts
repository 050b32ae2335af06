import { describe, expect, it } from 'vitest';
import { durationText, toMinutes, toParts } from './duration-units';

describe('duration units', () => {
  it('shows a stored length in the largest whole unit', () => {
    expect(toParts(1440)).toEqual({ amount: '1', unit: 'days' });
    expect(toParts(2880)).toEqual({ amount: '2', unit: 'days' });
    expect(toParts(120)).toEqual({ amount: '2', unit: 'hours' });
    expect(toParts(90)).toEqual({ amount: '90', unit: 'minutes' });
    expect(toParts(0)).toEqual({ amount: '0', unit: 'minutes' });
    expect(toParts(null, 'hours')).toEqual({ amount: '', unit: 'hours' });
  });

  it('turns what is typed back into minutes; empty is null, junk is NaN', () => {
    expect(toMinutes('1', 'days')).toBe(1440);
    expect(toMinutes('1.5', 'hours')).toBe(90);
    expect(toMinutes(' 45 ', 'minutes')).toBe(45);
    expect(toMinutes('', 'days')).toBeNull();
    expect(toMinutes('abc', 'days')).toBeNaN();
    expect(toMinutes('0.3', 'minutes')).toBe(0.3);
  });

  it('words a length', () => {
    expect(durationText(1440)).toBe('1 day');
    expect(durationText(120)).toBe('2 hours');
    expect(durationText(10)).toBe('10 minutes');
    expect(durationText(60)).toBe('1 hour');
  });
});
