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
