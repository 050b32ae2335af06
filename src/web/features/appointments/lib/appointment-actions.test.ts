import { describe, expect, it } from 'vitest';
import { appointmentActions } from './appointment-actions';

describe('what a customer may do with an appointment', () => {
  it('moves, offers on and cancels a confirmed one', () => {
    expect(appointmentActions({ status: 'confirmed' })).toEqual({ reschedule: true, moveBack: true, cancel: true, note: null });
  });

  it('only cancels a table still waiting for its offer, and says why', () => {
    const pending = appointmentActions({ status: 'pending' });
    expect([pending.reschedule, pending.moveBack, pending.cancel]).toEqual([false, false, true]);
    expect(pending.note).toMatch(/waiting for the answer to your table offer/i);
  });

  it('does nothing with a finished one', () => {
    for (const status of ['cancelled', 'completed'] as const) {
      expect(appointmentActions({ status })).toEqual({ reschedule: false, moveBack: false, cancel: false, note: null });
    }
  });
});

describe('booking policies on an appointment', () => {
  const now = Date.parse('2030-01-30T15:00:00Z'); // 10:00 in New York
  const base = { status: 'confirmed' as const, date: '2030-01-30', time: '12:00', timeZone: 'America/New_York', cancelCutoffMinutes: null, rescheduleCutoffMinutes: null, swapMarket: true };

  it('disables Cancel and Reschedule once their cut-offs have passed, and says why', () => {
    const late = appointmentActions({ ...base, cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 60 }, now);
    expect([late.cancel, late.reschedule]).toEqual([false, true]);
    expect(late.note).toBe('Free cancellation ended 24 h before the start: please contact the business.');
    const both = appointmentActions({ ...base, cancelCutoffMinutes: 180, rescheduleCutoffMinutes: 180 }, now);
    expect([both.cancel, both.reschedule, both.note]).toEqual([false, false, 'Cancelling and rescheduling closed 3 h before the start: please contact the business.']);
    expect(appointmentActions({ ...base, date: '2030-02-01', cancelCutoffMinutes: 1440 }, now)).toMatchObject({ cancel: true, note: null });
  });

  it('offers no Move Back where the business has the swap market off', () => {
    expect(appointmentActions({ ...base, swapMarket: false }, now).moveBack).toBe(false);
  });
});
