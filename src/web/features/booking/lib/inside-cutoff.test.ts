import { describe, expect, it } from 'vitest';
import { insideCutoffWarning, minutesUntilStart } from './inside-cutoff';

// A fixed instant: 2026-03-10 17:00 in New York (21:00 UTC, EDT).
const now = Date.UTC(2026, 2, 10, 21, 0);
const ny = 'America/New_York';
const warn = (cancelCutoffMinutes: number | null, rescheduleCutoffMinutes: number | null, date: string, time: string) =>
  insideCutoffWarning({ cancelCutoffMinutes, rescheduleCutoffMinutes }, date, time, ny, now);

describe('a time inside a cut-off, said before booking', () => {
  it("counts minutes on the business's clock, across midnight", () => {
    expect(minutesUntilStart('2026-03-10', '19:00', ny, now)).toBe(120);
    expect(minutesUntilStart('2026-03-11', '09:00', ny, now)).toBe(16 * 60);
  });

  it('a cancel cut-off alone closes both cancelling and rescheduling', () => {
    expect(warn(1440, null, '2026-03-10', '20:00')).toBe('This time is already inside its 24 h cut-off: once booked, you cannot cancel or reschedule it online. To change it, contact the business.');
    expect(warn(1440, null, '2026-03-11', '18:00')).toBeNull();
  });

  it('names the one that is closed and what stays open', () => {
    expect(warn(1440, 60, '2026-03-10', '20:00')).toBe('This time is already inside the 24 h free-cancellation cut-off: once booked, you cannot cancel it online. You can reschedule it until 1 h before.');
    expect(warn(60, 1440, '2026-03-10', '20:00')).toBe('This time is already inside the 24 h rescheduling cut-off: once booked, you cannot reschedule it online. Free cancellation until 1 h before.');
    expect(warn(120, 240, '2026-03-10', '18:00')).toBe('This time is already inside its cut-offs: once booked, you cannot cancel or reschedule it online. To change it, contact the business.');
    expect(warn(null, null, '2026-03-10', '17:30')).toBeNull();
  });
});
