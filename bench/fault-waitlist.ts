// The fault run's part of issue 29 (DESIGN section 11): two of the shops take a payment (a $20
// deposit; a card on file with $15 no-show and $10 late-cancel fees) and close cancels an hour before
// the start, so today's visits can only be released to the waitlist (late when nobody claims). Clients
// join waitlists on full times, claim the holds offered with the card the service needs, leave,
// release, and owners mark visits of the past hour no-shows. Reminders follow every booking (the
// default 24 h and 2 h rules: today's 2 h one is due at booking). Only 2xx answers are promises.
import pg from 'pg';
import type { KnownAppointment, Shop, World } from './fault-world.js';

export const DEPOSIT_CENTS = 2000;
const CUTOFF_MINUTES = 60;
const pick = <T>(xs: T[]): T | undefined => (xs.length ? xs[Math.floor(Math.random() * xs.length)] : undefined);

async function must(world: World, what: string, method: string, path: string, body: unknown, cookie?: string) {
  const res = await world.request(method, path, body, cookie);
  if (!res || res.status >= 300) throw new Error(`setup: ${what}: ${res ? `${res.status} ${JSON.stringify(res.body)}` : 'no answer'}`);
  return res;
}

/** Shop 1 takes a deposit, shop 2 keeps a card on file, both with an hour's cancel cut-off; every customer saves a card. */
export async function setUpPayments(world: World) {
  const policies = [
    { paymentPolicy: 'deposit', depositCents: DEPOSIT_CENTS },
    { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 },
  ] as const;
  for (const [i, p] of policies.entries()) {
    const shop = world.shops[i + 1];
    await must(world, 'policy', 'PUT', `/api/services/${shop.serviceId}`, { name: 'Visit', duration: 5, price: '25.00', policies: p }, shop.ownerCookie);
    await must(world, 'cut-off', 'PATCH', `/api/businesses/${shop.businessId}`, { policies: { cancelCutoffMinutes: CUTOFF_MINUTES } }, shop.ownerCookie);
    shop.policy = p.paymentPolicy;
  }
  for (const c of world.customers) {
    c.cardId = (await must(world, 'card', 'POST', '/api/payment-methods', { cardNumber: '4242 4242 4242 4242' }, c.cookie)).body.paymentMethodId;
  }
}

/** An authorized test-card payment of `dollars`: its id and client secret, or null. Each 2xx a promise. */
export async function authorizedCard(world: World, cookie: string, dollars: number): Promise<{ id: string; clientSecret: string } | null> {
  const created = await world.request('POST', '/api/create-payment-intent', { amount: dollars }, cookie);
  if (created?.status !== 200) return null;
  world.kept.push({ kind: 'intent', intentId: created.body.paymentIntentId, confirmed: false });
  const confirmed = await world.request('POST', `/api/payment-intents/${created.body.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' }, cookie);
  if (confirmed?.status !== 200) return null;
  world.kept.push({ kind: 'intent', intentId: created.body.paymentIntentId, confirmed: true });
  return { id: created.body.paymentIntentId, clientSecret: created.body.clientSecret };
}

/** What a booking or a claim at `shop` carries: the deposit's authorized payment, or the saved card (null: none to be had). */
export async function bookingPayment(world: World, shop: Shop, customer: number): Promise<Record<string, string> | null> {
  if (shop.policy === 'card_on_file') return { paymentMethodId: world.customers[customer].cardId! };
  if (shop.policy !== 'deposit') return {};
  const card = await authorizedCard(world, world.customers[customer].cookie, DEPOSIT_CENTS / 100);
  return card && { paymentIntentId: card.id };
}

/**
 * Visits of the past hours to mark no-shows: booked over HTTP on the last booking day, then moved
 * (by SQL, as no client can book the past) to today, 3 hours to 40 minutes ago, 6 minutes apart.
 */
export async function pastVisits(world: World, databaseUrl: string, perShop: number) {
  const last = world.slots.filter((s) => s.date === world.slots[world.slots.length - 1].date);
  const booked: { id: number; shop: number; customer: number }[] = [];
  for (const [shopIndex, shop] of world.shops.entries()) {
    for (const slot of last.slice(shopIndex * perShop, (shopIndex + 1) * perShop)) {
      const customer = booked.length % world.customers.length;
      const c = world.customers[customer];
      const body = { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, customerName: 'Fault Customer', customerEmail: c.email, customerPhone: '(212) 555-0100',
        ...(await bookingPayment(world, shop, customer)) };
      booked.push({ id: (await must(world, 'past visit', 'POST', '/api/appointments', body, world.customers[customer].cookie)).body.id, shop: shopIndex, customer });
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; at: string }>(`
      with moved as (
        select a.id, b.time_zone as zone, date_trunc('minute', now() at time zone b.time_zone) - interval '3 hours' + row_number() over (order by a.id) * interval '6 minutes' as at
          from appointments a join businesses b on b.id = a.business_id where a.id = any($1))
      update appointments a set starts_at = m.at, ends_at = m.at + a.duration * interval '1 minute',
             starts_instant = m.at at time zone m.zone, ends_instant = (m.at + a.duration * interval '1 minute') at time zone m.zone
        from moved m where a.id = m.id returning a.id, to_char(a.starts_at, 'YYYY-MM-DD HH24:MI') as at`, [booked.map((b) => b.id)]);
    for (const b of booked) {
      const at = rows.find((r) => r.id === b.id)!.at;
      // Out of the swap market: these were moved by hand, not by an offer.
      world.appointments.set(b.id, { id: b.id, shop: b.shop, customer: b.customer, bookedAt: at, status: 'confirmed', swapLocked: true, past: true });
    }
  } finally {
    await client.end();
  }
}

async function noShow(world: World) {
  const visit = pick([...world.appointments.values()].filter((a) => a.past && a.status === 'confirmed'));
  if (!visit) return;
  const res = await world.request('POST', `/api/appointments/${visit.id}/no-show`, {}, world.shops[visit.shop].ownerCookie);
  if (res?.status !== 200) return;
  visit.status = 'no_show';
  world.kept.push({ kind: 'appointmentEnded', appointmentId: visit.id, status: 'no_show' });
}

/** A customer waits for a time that is taken (one member per shop: one booking fills it). */
async function join(world: World) {
  const taken = pick([...world.appointments.values()].filter((a) => !a.past && a.status === 'confirmed'));
  if (!taken) return;
  const customer = Math.floor(Math.random() * world.customers.length);
  const shop = world.shops[taken.shop];
  const [date, time] = taken.bookedAt.split(' ');
  const [h, m] = time.split(':').map(Number);
  const to = `${String(Math.floor((h * 60 + m + 5) / 60) % 24).padStart(2, '0')}:${String((m + 5) % 60).padStart(2, '0')}`;
  if (to <= time) return; // the window would cross midnight
  const res = await world.request('POST', '/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date, fromTime: time, toTime: to }, world.customers[customer].cookie);
  if (res?.status !== 201) return;
  world.entries.set(res.body.id, { id: res.body.id, customer, shop: taken.shop });
  world.kept.push({ kind: 'entry', entryId: res.body.id, status: 'waiting' });
}

/** A waiting customer looks at their list and claims a time held for them. */
async function claim(world: World) {
  const entry = pick([...world.entries.values()].filter((e) => !e.ended));
  if (!entry) return;
  const list = await world.request('GET', '/api/waitlist', undefined, world.customers[entry.customer].cookie);
  const offer = (list?.body?.items ?? list?.body ?? []).find?.((e: { id: number; status: string }) => e.id === entry.id && e.status === 'offered')?.offer;
  if (!offer) return;
  const payment = await bookingPayment(world, world.shops[entry.shop], entry.customer);
  if (!payment) return;
  const res = await world.request('POST', `/api/waitlist/${entry.id}/claim`, payment, world.customers[entry.customer].cookie);
  if (res?.status !== 200) return;
  entry.ended = true;
  world.kept.push({ kind: 'entry', entryId: entry.id, status: 'claimed' });
  const claimed: KnownAppointment = { id: offer.appointmentId, shop: entry.shop, customer: entry.customer, bookedAt: `${offer.date} ${offer.time}`, status: 'confirmed', swapLocked: true };
  world.appointments.set(claimed.id, claimed);
}

async function leave(world: World) {
  const entry = pick([...world.entries.values()].filter((e) => !e.ended));
  if (!entry) return;
  const res = await world.request('DELETE', `/api/waitlist/${entry.id}`, undefined, world.customers[entry.customer].cookie);
  if (res?.status !== 204) return;
  entry.ended = true;
  world.kept.push({ kind: 'entry', entryId: entry.id, status: 'cancelled' });
}

/** Inside the hour's cut-off (today's visits at the paying shops) a customer releases instead of cancelling. */
async function release(world: World) {
  const visit = pick([...world.appointments.values()].filter((a) => !a.past && a.status === 'confirmed' && world.shops[a.shop].policy && a.bookedAt.startsWith(world.today)));
  if (!visit) return;
  const res = await world.request('POST', `/api/appointments/${visit.id}/release`, {}, world.customers[visit.customer].cookie);
  if (res?.status !== 200) return;
  visit.status = 'cancelled';
  world.kept.push({ kind: 'appointmentEnded', appointmentId: visit.id, status: 'cancelled' });
}

/** The waitlist steps and their weights, for fault-actions.ts's table. */
export const waitlistSteps: [number, (world: World) => Promise<void>][] = [
  [4, noShow],
  [8, join],
  [8, claim],
  [1, leave],
  [4, release],
];
