import { describe, expect, it } from 'vitest';
import { RULES } from '../../../../contract/rules';
import { isEarlyCall, minutesUntilStart, punctualityText } from './punctuality';

// 2026-12-01 15:00 UTC is 10:00 AM in New York.
const now = new Date('2026-12-01T15:00:00Z');
const at = (time: string, date = '2026-12-01') => ({ date, time, timeZone: 'America/New_York' });

describe('punctuality of a queue entry', () => {
  it('says how late a customer is, or how long until their booking, on the business clock', () => {
    expect(punctualityText(at('09:48'), now)).toBe('12 min late');
    expect(punctualityText(at('10:43'), now)).toBe('in 43 min');
    expect(punctualityText(at('10:00'), now)).toBe('due now');
    expect(punctualityText(at('08:30'), now)).toBe('1 h 30 min late');
    expect(punctualityText(at('12:00'), now)).toBe('in 2 h');
    expect(minutesUntilStart(at('00:10', '2026-12-02'), now)).toBe(14 * 60 + 10);
  });

  it(`asks before a call more than ${RULES.earlyCallConfirmMinutes} minutes early`, () => {
    expect(isEarlyCall(at('10:15'), now)).toBe(false);
    expect(isEarlyCall(at('10:16'), now)).toBe(true);
    expect(isEarlyCall(at('09:30'), now)).toBe(false);
  });
});
