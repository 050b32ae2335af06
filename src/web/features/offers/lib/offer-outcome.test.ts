import { describe, expect, it } from 'vitest';
import { makeAppointment, makeOffer, othersAppointment } from '@/test/fixtures';
import { acceptedOutcome, cancelConsequences } from './offer-outcome';
import { moneyLines, moveLines, termsOfOffer } from './swap-terms';

// The shop is on this machine's own clock, as a local sees it: no zone is named (naming one from
// elsewhere: src/web/lib/business-time.test.ts).
const local = Intl.DateTimeFormat().resolvedOptions().timeZone;

// Alice (the viewer, id 7) paid to swap her 11:00 for bob's 9:00; after acceptance her appointment is at 9:00.
const day = '2030-11-26';
const accepted = { status: 'accepted' as const, offerAmount: '38.00', currentAmount: '38.00', totalCharge: '43.00', recipientReceives: '36.10', actions: { accept: false, decline: false, counter: false, acceptCounter: false, cancel: false } };
const swapped = (over: Parameters<typeof makeOffer>[0] = {}) =>
  makeOffer({ ...accepted, from: makeAppointment({ timeZone: local, id: 102, date: day, time: '09:00' }), to: othersAppointment({ timeZone: local, id: 101, date: day, time: '11:00' }), ...over });
const asRecipient = (over: Parameters<typeof makeOffer>[0] = {}) =>
  makeOffer({ ...accepted, direction: 'incoming', counterpartName: 'alice', from: othersAppointment({ timeZone: local, id: 102, date: day, time: '09:00' }), to: makeAppointment({ timeZone: local, id: 101, date: day, time: '11:00' }), ...over });

describe('an accepted offer says what happened', () => {
  it('to the payer: who moved where, and the escrow held until both visits are done, then paid or refunded', () => {
    expect(acceptedOutcome(swapped())).toEqual(['You moved to 9:00 AM; bob moved to 11:00 AM.', '$43.00 held until both visits are done.']);
    const bobCancelled = swapped({ to: othersAppointment({ timeZone: local, id: 101, date: day, time: '11:00', status: 'cancelled' }) });
    expect(acceptedOutcome(bobCancelled)[1]).toBe('$43.00 held until your visit is done.');
    expect(acceptedOutcome(swapped({ escrowStatus: 'released' }))[1]).toBe('$43.00 paid: $36.10 to bob and $6.90 in fees.');
    expect(acceptedOutcome(swapped({ escrowStatus: 'refunded' }))[1]).toBe('The business cancelled the appointment you paid for, so your $43.00 was refunded.');
  });

  it('to the recipient', () => {
    expect(acceptedOutcome(asRecipient())).toEqual(['alice moved to 9:00 AM; you moved to 11:00 AM.', 'You receive $36.10 when both visits are done.']);
    expect(acceptedOutcome(asRecipient({ escrowStatus: 'released' }))[1]).toBe('$36.10 paid to you.');
    expect(acceptedOutcome(asRecipient({ escrowStatus: 'refunded' }))[1]).toBe('The business cancelled alice\'s appointment, so alice was refunded and nothing is paid to you.');
  });

  it('names the starts the swap traded, though an appointment was moved after it', () => {
    // Alice gave up 11:00 for bob's 9:00, then moved her appointment on to 10:00.
    const record = { from: { date: day, time: '11:00' }, to: { date: day, time: '09:00' } };
    const movedOn = { swapped: record, from: makeAppointment({ timeZone: local, id: 102, date: day, time: '10:00' }) };
    expect(acceptedOutcome(swapped(movedOn))[0]).toBe('You moved to 9:00 AM; bob moved to 11:00 AM.');
    const bobsView = asRecipient({ swapped: record, from: othersAppointment({ timeZone: local, id: 102, date: day, time: '10:00' }) });
    expect(acceptedOutcome(bobsView)[0]).toBe('alice moved to 9:00 AM; you moved to 11:00 AM.');
  });

  it('the business cancelled the slot the payer bought: the escrow is held for a refund to the payer', () => {
    const aliceCancelled = { refundsPayer: true, from: makeAppointment({ timeZone: local, id: 102, date: day, time: '09:00', status: 'cancelled' }) };
    expect(acceptedOutcome(swapped(aliceCancelled))[1]).toBe("The business cancelled the appointment you paid for: your $43.00 is refunded when bob's visit is done.");
    const bobsView = asRecipient({ refundsPayer: true, from: othersAppointment({ timeZone: local, id: 102, date: day, time: '09:00', status: 'cancelled' }) });
    expect(acceptedOutcome(bobsView)[1]).toBe('The business cancelled alice\'s appointment: alice is refunded when your visit is done, and nothing is paid to you.');
    expect(cancelConsequences([bobsView])).toEqual(['The business cancelled the appointment alice paid $43.00 for, so cancelling yours refunds alice now and nothing is paid to you.']);
  });

  it('a table handed over: the payer took it, the recipient has nothing left to visit', () => {
    const table = (over: Parameters<typeof makeOffer>[0]) =>
      swapped({ temporaryReservation: true, from: makeAppointment({ timeZone: local, id: 102, date: day, time: '19:00', businessType: 'restaurant' }), to: othersAppointment({ timeZone: local, id: 101, date: day, time: '19:00', status: 'cancelled', businessType: 'restaurant' }), ...over });
    expect(acceptedOutcome(table({}))).toEqual(["You took over bob's table at 7:00 PM; bob's reservation was cancelled.", '$43.00 held until your visit is done.']);
  });
});

describe('cancelling an appointment tied to offers says what happens to the money', () => {
  it('a live offer is withdrawn: its hold goes back to the payer', () => {
    const pending = makeOffer({ heldAmount: '30.00' });
    expect(cancelConsequences([pending])).toEqual(['Your pending offer of $25.00 to bob is withdrawn and the $30.00 held for it is returned to you.']);
    const received = makeOffer({ direction: 'incoming', counterpartName: 'alice', status: 'negotiating', currentAmount: '30.00' });
    expect(cancelConsequences([received])).toEqual(["alice's offer under negotiation of $30.00 for this appointment is withdrawn; alice gets the hold back and nothing is paid to you."]);
  });

  it('an accepted swap is final: the payer is not refunded, the recipient is still paid', () => {
    expect(cancelConsequences([swapped()])).toEqual(['You paid $43.00 for this slot. Cancelling does not refund it; bob is paid when their visit is done.']);
    const bobDone = swapped({ to: othersAppointment({ timeZone: local, id: 101, date: day, time: '11:00', status: 'completed' }) });
    expect(cancelConsequences([bobDone])).toEqual(['You paid $43.00 for this slot. Cancelling does not refund it; bob is paid now.']);
    expect(cancelConsequences([asRecipient()])).toEqual([
      'alice paid $43.00 to swap with you, and the swap is final: cancelling does not change that. You receive $36.10 when alice\'s visit is done.',
    ]);
  });
});

describe('the terms a binding step shows', () => {
  it('who moves where and the money with its fees, for the payer and for the recipient', () => {
    const pending = makeOffer({ from: makeAppointment({ timeZone: local, id: 102, date: day, time: '11:00' }), to: othersAppointment({ timeZone: local, id: 101, date: day, time: '09:00' }) });
    expect(moveLines(termsOfOffer(pending))).toEqual(['You move from 11:00 AM to 9:00 AM.', 'bob moves from 9:00 AM to 11:00 AM.']);
    expect(moneyLines(termsOfOffer(pending, 4000))).toEqual([
      { label: 'You pay', amount: '$45.00', detail: '$40.00 offer + $5.00 business fee' },
      { label: 'bob receives', amount: '$38.00', detail: '$40.00 offer − $2.00 platform fee (5%)' },
    ]);
    const incoming = makeOffer({ direction: 'incoming', counterpartName: 'alice', from: othersAppointment({ timeZone: local, id: 102, date: '2030-11-27', time: '11:00' }), to: makeAppointment({ timeZone: local, id: 101, date: day, time: '09:00' }) });
    expect(moveLines(termsOfOffer(incoming))).toEqual(['You move from Nov 26, 2030 at 9:00 AM to Nov 27, 2030 at 11:00 AM.', 'alice moves from Nov 27, 2030 at 11:00 AM to Nov 26, 2030 at 9:00 AM.']);
    expect(moneyLines(termsOfOffer(incoming))[0]).toEqual({ label: 'You receive', amount: '$23.75', detail: '$25.00 offer − $1.25 platform fee (5%)' });
  });

  it('a restaurant table: the payer pays the 5% on top and the holder gets the whole offer', () => {
    const table = makeOffer({ temporaryReservation: true, from: makeAppointment({ timeZone: local, id: 102, date: day, time: '19:00', businessType: 'restaurant' }), to: othersAppointment({ timeZone: local, id: 101, date: day, time: '19:00', businessType: 'restaurant' }) });
    expect(moveLines(termsOfOffer(table, 1000))).toEqual(["You take over bob's table at 7:00 PM.", "bob's reservation is cancelled."]);
    expect(moneyLines(termsOfOffer(table, 1000))).toEqual([
      { label: 'You pay', amount: '$15.50', detail: '$10.00 offer + $0.50 platform fee (5%) + $5.00 business fee' },
      { label: 'bob receives', amount: '$10.00', detail: 'the whole $10.00 offer' },
    ]);
  });
});
