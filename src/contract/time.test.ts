import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, formatSlot, formatTime12h, formatWeekdayDate, isValidDate } from './time.js';

describe('formatTime12h (SPEC section 9)', () => {
  it('converts HH:mm to 12-hour form with AM or PM', () => {
    expect(formatTime12h('09:30')).toBe('9:30 AM');
    expect(formatTime12h('12:00')).toBe('12:00 PM');
    expect(formatTime12h('17:45')).toBe('5:45 PM');
    expect(formatTime12h('23:59')).toBe('11:59 PM');
  });
  it('shows midnight as 12', () => {
    expect(formatTime12h('00:00')).toBe('12:00 AM');
    expect(formatTime12h('00:15')).toBe('12:15 AM');
  });
  it('reduces hours above 12 by 12', () => {
    expect(formatTime12h('13:05')).toBe('1:05 PM');
  });
  it('returns input that is not HH:mm or not numeric unchanged', () => {
    expect(formatTime12h('noon')).toBe('noon');
    expect(formatTime12h('ab:cd')).toBe('ab:cd');
    expect(formatTime12h('9.30')).toBe('9.30');
    expect(formatTime12h('25:00')).toBe('25:00');
    expect(formatTime12h('10:30:00')).toBe('10:30:00');
  });
  it('gives an empty string for empty or non-string input', () => {
    expect(formatTime12h('')).toBe('');
    expect(formatTime12h(undefined)).toBe('');
    expect(formatTime12h(null)).toBe('');
    expect(formatTime12h(930)).toBe('');
  });
});

describe('calendar dates', () => {
  it('adds days across months and years and knows weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('0000-01-01')).toBe(false);
    expect(isValidDate('0001-01-01')).toBe(true);
  });
});

describe('formatSlot and formatWeekdayDate', () => {
  it('names a slot as screens and notifications do: time, weekday, month and day', () => {
    expect(formatSlot('2026-11-26', '09:00')).toBe('9:00 AM, Thursday, November 26');
    expect(formatSlot('2026-11-26', '12:00')).toBe('12:00 PM, Thursday, November 26');
    expect(formatSlot('2027-01-01', '00:00')).toBe('12:00 AM, Friday, January 1');
    expect(formatWeekdayDate('2026-03-07')).toBe('Saturday, March 7');
  });
  it('leaves a date that is not yyyy-MM-dd alone', () => {
    expect(formatWeekdayDate('2026-02-30')).toBe('2026-02-30');
    expect(formatWeekdayDate('soon')).toBe('soon');
  });
});
