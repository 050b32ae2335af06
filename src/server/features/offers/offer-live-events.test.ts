import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../contract/offers.js';
import { signUp } from '../../test/test-app.js';
import { type LiveClient, listeningTestApp } from '../live/live-test-support.js';
import { cardOffer, swapParties } from './test-fixtures.js';

// Every change to an offer reaches both of its customers' open tabs as offer_changed (sql/offer-pushes.sql, following the change log),
// so each tab refetches the offer, the appointments, the wallet and the credit; nobody else hears of it.

const live = listeningTestApp();
const connect = live.connect;

const changesOf = (socket: LiveClient, offerId: number) => socket.messages.filter((m) => m.type === 'offer_changed' && m.offerId === offerId).length;

describe('offer_changed', () => {
  it('tells both parties, on every tab, of each change, the actor included; a stranger hears nothing', async () => {
    const p = await swapParties(live.ctx.app);
    const stranger = await signUp(live.ctx.app);
    const [payerTab, payerOtherTab, payeeTab, strangerTab] = await Promise.all([connect(p.payer), connect(p.payer), connect(p.payee), connect(stranger)]);

    const offer = (await cardOffer(p, 25)).json() as Offer;
    for (const tab of [payerTab, payerOtherTab, payeeTab]) expect(await tab.next('offer_changed', 2_000)).toEqual({ type: 'offer_changed', offerId: offer.id });

    // A counter by the payee: both of the payer's tabs and the payee's own hear of it.
    const before = [payerTab, payerOtherTab, payeeTab].map((tab) => tab.messages.length);
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 30 })).statusCode).toBe(200);
    await Promise.all([payerTab, payerOtherTab, payeeTab].map((tab, i) => tab.next('offer_changed', 2_000, before[i])));

    // The payer cancels: one event per tab for the one transaction.
    const [payerBefore, payeeBefore] = [payerTab.messages.length, payeeTab.messages.length];
    expect((await p.payer.post(`/api/queue-jump-offers/${offer.id}/cancel`)).statusCode).toBe(200);
    await payerTab.next('offer_changed', 2_000, payerBefore);
    // The payee is told in the same transaction, after the offer changed: once that arrives, so has the change.
    await payeeTab.next('notification', 2_000, payeeBefore);
    expect(changesOf(payerTab, offer.id)).toBe(3);
    expect(changesOf(payeeTab, offer.id)).toBe(3);
    // The stranger's socket is open and served (a ping answers), and heard nothing of the offer.
    strangerTab.send({ type: 'ping' });
    await strangerTab.next('pong');
    expect(strangerTab.messages.some((m) => m.type === 'offer_changed')).toBe(false);
  });

  it('an accepted offer still in escrow: a visit of it cancelled or completed tells both, though the offer waits to settle', async () => {
    const p = await swapParties(live.ctx.app);
    const offer = (await cardOffer(p, 25)).json() as Offer;
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/accept`)).statusCode).toBe(200);
    const [payerTab, payeeTab] = await Promise.all([connect(p.payer), connect(p.payee)]);
    expect((await p.payee.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    for (const tab of [payerTab, payeeTab]) expect(await tab.next('offer_changed', 2_000)).toEqual({ type: 'offer_changed', offerId: offer.id });
    expect(((await p.payer.get(`/api/queue-jump-offers/${offer.id}`)).json() as Offer).escrowStatus).toBe('held');
  });
});
