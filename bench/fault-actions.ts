// One random step of a fault-injection client: book, offer (Que Credit or test card), counter,
// accept, decline, cancel an offer or an appointment, complete, and the waitlist's and no-shows'
// steps (fault-waitlist.ts). Refusals (4xx) and lost answers are
// normal while the app is being killed; only 2xx answers are written down as promises.
import { randomUUID } from 'node:crypto';
import type { Answer } from './fault-client.js';
import type { KnownOffer, World } from './fault-world.js';
import { authorizedCard, bookingPayment, waitlistSteps } from './fault-waitlist.js';

const pick = <T>(xs: T[]): T | undefined => (xs.length ? xs[Math.floor(Math.random() * xs.length)] : undefined);
const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const live = (o: KnownOffer) => o.status === 'pending' || o.status === 'negotiating';

function followOffer(world: World, offer: KnownOffer, body: { status: string; lastNegotiationBy: number | null; negotiationRound: number }) {
  offer.status = body.status;
  offer.lastBy = body.lastNegotiationBy;
  offer.round = body.negotiationRound;
}

async function book(world: World) {
  const shopIndex = between(0, world.shops.length - 1);
  const shop = world.shops[shopIndex];
  const customerIndex = between(0, world.customers.length - 1);
  const customer = world.customers[customerIndex];
  const slot = pick(world.slots)!;
  // A paying shop's booking carries its card: an authorized deposit, or the saved card.
  const payment = await bookingPayment(world, shop, customerIndex);
  if (!payment) return;
  const body = { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, customerName: 'Fault Customer', customerEmail: customer.email, customerPhone: '(212) 555-0100', ...payment };
  // Half the bookings carry an Idempotency-Key, and a lost answer is asked again under it.
  const key = Math.random() < 0.5 ? `fault-${randomUUID()}` : undefined;
  let res = await world.request('POST', '/api/appointments', body, customer.cookie, key);
  if (key && (res === null || res.status === 503)) res = await retryKeyed(world, body, customer.cookie, key);
  if (res?.status !== 201) return;
  const id = res.body.id as number;
  world.appointments.set(id, { id, shop: shopIndex, customer: customerIndex, bookedAt: `${res.body.date} ${res.body.time}`, status: 'confirmed', swapLocked: false });
  world.kept.push({ kind: 'book', appointmentId: id });
}

// A dead request's key is free once PostgreSQL has ended its session: at once when the process died
// between statements, within a second (client_connection_check_interval) when it died mid-statement.
// Before decision 0008's one transaction, a key stayed in use for 60 s after such a death.
const KEY_FREED_WITHIN_MS = 10_000;
const RETRY_FOR_MS = 120_000;

/**
 * Asks a keyed booking whose answer was lost again, under the same key, until it is answered: the
 * first try either committed, and this replays its answer, or left nothing, and this books afresh
 * (or is refused by the rules). Never both, and never a key held on for a request that is dead.
 */
async function retryKeyed(world: World, body: object, cookie: string, key: string): Promise<Answer | null> {
  world.keyed.lost++;
  let inUseSince: number | undefined;
  for (const until = Date.now() + RETRY_FOR_MS; Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await world.request('POST', '/api/appointments', body, cookie, key);
    if (res === null || res.status === 503) continue; // the app is still down or restarting
    if (res.status === 409 && res.body?.code === 'IDEMPOTENCY_KEY_IN_USE') {
      inUseSince ??= Date.now();
      if (Date.now() - inUseSince <= KEY_FREED_WITHIN_MS) continue;
      world.keyed.problems.push(`Idempotency-Key ${key} still in use ${KEY_FREED_WITHIN_MS} ms after its request died`);
      return null;
    }
    if (res.status === 201) world.keyed[res.replayed ? 'replayed' : 'fresh']++;
    else world.keyed.refused++;
    return res;
  }
  world.keyed.problems.push(`Idempotency-Key ${key}: no answer within ${RETRY_FOR_MS / 1000} s`);
  return null;
}

async function makeOffer(world: World) {
  const open = [...world.appointments.values()].filter((a) => a.status === 'confirmed' && !a.swapLocked);
  const from = pick(open);
  if (!from) return;
  // Swaps are within one day: a queue jump to an earlier time, a move back to a later one.
  const day = (a: { bookedAt: string }) => a.bookedAt.slice(0, 10);
  const to = pick(open.filter((a) => a.shop === from.shop && a.customer !== from.customer && day(a) === day(from)));
  if (!to) return;
  const offerType = to.bookedAt < from.bookedAt ? 'queue_jump' : 'move_back';
  const offerCents = between(5, 40) * 100;
  const method = Math.random() < 0.7 ? 'credits' : 'cash';
  const payer = world.customers[from.customer];
  // A service business charges the payer the offer plus the $5.00 business fee.
  const intent = method === 'cash' ? (await authorizedCard(world, payer.cookie, offerCents / 100 + 5))?.clientSecret : null;
  if (method === 'cash' && !intent) return;
  const body = { fromAppointmentId: from.id, toAppointmentId: to.id, offerAmount: offerCents / 100, offerType, paymentMethod: method, ...(intent ? { paymentIntentId: intent } : {}) };
  const res = await world.request('POST', '/api/queue-jump-offers', body, payer.cookie);
  if (res?.status !== 201) return;
  const offer: KnownOffer = { id: res.body.id, from: from.id, to: to.id, payer: from.customer, payee: to.customer, method, offerCents, status: 'pending', lastBy: null, round: 0 };
  followOffer(world, offer, res.body);
  world.offers.set(offer.id, offer);
  world.kept.push({ kind: 'offer', offerId: offer.id, from: from.id, to: to.id });
}

/** The payee asks for a different price once: any amount by credit, at most the offer by card (no new card hold). */
async function counter(world: World) {
  const offer = pick([...world.offers.values()].filter((o) => o.status === 'pending'));
  if (!offer) return;
  const counterCents = offer.method === 'cash' ? between(1, offer.offerCents / 100) * 100 : between(1, 60) * 100;
  const res = await world.request('POST', `/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: counterCents / 100 }, world.customers[offer.payee].cookie);
  if (res?.status !== 200) return;
  followOffer(world, offer, res.body);
  world.kept.push({ kind: 'counter', offerId: offer.id, round: offer.round });
}

/** The payee accepts an offer, or the payer accepts the payee's counter. Both appointments stay out of other swaps. */
async function accept(world: World) {
  const offer = pick([...world.offers.values()].filter((o) => live(o) && !world.appointments.get(o.from)!.swapLocked && !world.appointments.get(o.to)!.swapLocked));
  if (!offer) return;
  const byPayer = offer.status === 'negotiating';
  const [from, to] = [world.appointments.get(offer.from)!, world.appointments.get(offer.to)!];
  from.swapLocked = to.swapLocked = true;
  const path = `/api/queue-jump-offers/${offer.id}/${byPayer ? 'accept-counter' : 'accept'}`;
  const res = await world.request('POST', path, {}, world.customers[byPayer ? offer.payer : offer.payee].cookie);
  if (res && res.status >= 400 && res.status < 500) {
    // Refused: nothing was swapped, so the appointments may take part in other offers again.
    from.swapLocked = to.swapLocked = false;
    return;
  }
  if (res?.status !== 200) return; // lost or 503: maybe swapped, so the appointments stay locked
  followOffer(world, offer, res.body);
  world.kept.push({ kind: 'offerEnded', offerId: offer.id, status: 'accepted' });
}

async function endOffer(world: World, how: 'decline' | 'cancel') {
  const offer = pick([...world.offers.values()].filter((o) => o.status === 'pending'));
  if (!offer) return;
  const cookie = world.customers[how === 'decline' ? offer.payee : offer.payer].cookie;
  const res = await world.request('POST', `/api/queue-jump-offers/${offer.id}/${how}`, {}, cookie);
  if (res?.status !== 200) return;
  followOffer(world, offer, res.body);
  world.kept.push({ kind: 'offerEnded', offerId: offer.id, status: how === 'decline' ? 'declined' : 'cancelled' });
}

async function endAppointment(world: World, how: 'cancelled' | 'completed') {
  const confirmed = [...world.appointments.values()].filter((a) => a.status === 'confirmed');
  // A visit can be completed from an hour before its start: mostly today's, which are that close.
  const today = confirmed.filter((a) => a.bookedAt.startsWith(world.today));
  const appointment = pick(how === 'completed' && today.length && Math.random() < 0.9 ? today : confirmed);
  if (!appointment) return;
  const res =
    how === 'cancelled'
      ? await world.request('PATCH', `/api/appointments/${appointment.id}`, { status: 'cancelled' }, world.customers[appointment.customer].cookie)
      : await world.request('POST', `/api/appointments/${appointment.id}/complete`, {}, world.shops[appointment.shop].ownerCookie);
  if (res?.status !== 200) return;
  appointment.status = how;
  world.kept.push({ kind: 'appointmentEnded', appointmentId: appointment.id, status: how });
}

const steps: [number, (world: World) => Promise<void>][] = [
  [30, book],
  [22, makeOffer],
  [10, counter],
  [16, accept],
  [3, (w) => endOffer(w, 'decline')],
  [4, (w) => endOffer(w, 'cancel')],
  [5, (w) => endAppointment(w, 'cancelled')],
  [10, (w) => endAppointment(w, 'completed')],
  ...waitlistSteps,
];
const totalWeight = steps.reduce((sum, [w]) => sum + w, 0);

/** Runs one weighted random step. */
export async function randomStep(world: World): Promise<void> {
  let r = Math.random() * totalWeight;
  for (const [weight, step] of steps) {
    if ((r -= weight) < 0) return step(world);
  }
}
