// What the fault-injection clients know: shops, customers, and the appointments and offers their
// own 2xx answers told them about. Every 2xx is also written down as a promise the database must keep.
import { RULES } from '../src/contract/rules.js';
import { addDays } from '../src/contract/time.js';
import { businessNow } from '../src/server/features/availability/business-clock.js';
import { aroundTheClock, daytimeZone, startsFromNow, weekdaySlots } from './booking-support.js';
import { type Answer, send, type Tally } from './fault-client.js';

export interface Shop {
  ownerCookie: string;
  businessId: number;
  serviceId: number;
  /** The service's payment policy (bench/fault-waitlist.ts), none when unset. */
  policy?: 'deposit' | 'card_on_file';
}
export interface Customer {
  id: number;
  cookie: string;
  email: string;
  /** The customer's saved test card. */
  cardId?: string;
}
export interface KnownAppointment {
  id: number;
  shop: number;
  customer: number;
  /** Wall-clock start when booked: an appointment is moved only by an accepted swap. */
  bookedAt: string;
  status: 'confirmed' | 'cancelled' | 'completed' | 'no_show';
  /** A visit of the past hours, there to be marked a no-show. */
  past?: boolean;
  /** In an accept that is running, succeeded, or whose answer was lost: no further offers on it. */
  swapLocked: boolean;
}
export interface KnownOffer {
  id: number;
  from: number; // appointment ids
  to: number;
  payer: number; // customer indexes
  payee: number;
  method: 'credits' | 'cash';
  offerCents: number;
  status: string;
  lastBy: number | null; // user id
  round: number;
}
/** A waitlist entry a client joined; ended once claimed or left. */
export interface KnownEntry {
  id: number;
  customer: number;
  shop: number;
  ended?: boolean;
}

/** A 2xx answer: what the database must show for it after every crash. */
export type Promise2xx =
  | { kind: 'book'; appointmentId: number }
  | { kind: 'intent'; intentId: string; confirmed: boolean }
  | { kind: 'offer'; offerId: number; from: number; to: number }
  | { kind: 'counter'; offerId: number; round: number }
  | { kind: 'offerEnded'; offerId: number; status: 'accepted' | 'declined' | 'cancelled' }
  | { kind: 'appointmentEnded'; appointmentId: number; status: 'cancelled' | 'completed' | 'no_show' }
  | { kind: 'entry'; entryId: number; status: 'waiting' | 'claimed' | 'cancelled' };

/** Keyed bookings whose answer was lost (killed app, dropped connection), and what their retries got. */
export interface KeyedRetries {
  lost: number;
  /** The first try had committed: the retry got its answer back. */
  replayed: number;
  /** The first try left nothing: the retry booked afresh. */
  fresh: number;
  /** The retry was refused by the rules (the slot went to someone else meanwhile). */
  refused: number;
  /** Keys still in use well after their request died, or never answered. */
  problems: string[];
}

export class World {
  shops: Shop[] = [];
  customers: Customer[] = [];
  appointments = new Map<number, KnownAppointment>();
  offers = new Map<number, KnownOffer>();
  entries = new Map<number, KnownEntry>();
  kept: Promise2xx[] = [];
  keyed: KeyedRetries = { lost: 0, replayed: 0, fresh: 0, refused: 0, problems: [] };
  /** The shops' zone: one where it is daytime now, the shops open around the clock (daytimeZone). */
  readonly zone = daytimeZone();
  /** Today there: appointments booked for today can be completed (from an hour before their start). */
  readonly today = businessNow(this.zone).date;
  // Today's 5-minute visits 10-55 minutes ahead, which the owners can really complete, and five
  // weekdays from the day after tomorrow: swaps need two appointments on one date, and contention
  // makes the races worth having.
  readonly slots = [
    ...startsFromNow(this.zone, 10, 55, 5),
    ...weekdaySlots()
      .filter((slot) => slot.date >= addDays(this.today, 2))
      .filter((slot, _, all) => [...new Set(all.map((s) => s.date))].slice(0, 5).includes(slot.date)),
  ];

  constructor(
    public baseUrl: () => string,
    public tally: Tally,
  ) {}

  request(method: string, path: string, body?: unknown, cookie?: string, idempotencyKey?: string): Promise<Answer | null> {
    return send(this.baseUrl(), this.tally, method, path, body, cookie, idempotencyKey);
  }
}

const password = 'plum-orchard-42';

async function must(world: World, what: string, method: string, path: string, body: unknown, cookie?: string): Promise<Answer> {
  const res = await world.request(method, path, body, cookie);
  if (!res || res.status >= 300) throw new Error(`setup: ${what}: ${res ? `${res.status} ${JSON.stringify(res.body)}` : 'no answer'}`);
  return res;
}

/** Shops and customers, made over HTTP before any kill; Que Credit is granted by the caller. */
export async function buildWorld(world: World, shops: number, customers: number, label: string) {
  for (let i = 0; i < shops; i++) {
    const username = `fault_owner_${label}_${i}`;
    const owner = await must(world, 'owner', 'POST', '/api/register', { username, email: `${username}@example.com`, password, userType: 'business' });
    const b = await must(world, 'business', 'POST', '/api/businesses', { businessName: `Fault shop ${i}`, category: 'Other', timeZone: world.zone }, owner.cookie);
    await must(world, 'hours', 'PUT', `/api/businesses/${b.body.id}/hours`, aroundTheClock, owner.cookie);
    const s = await must(world, 'service', 'POST', `/api/businesses/${b.body.id}/services`, { name: 'Visit', duration: 5, price: '25.00' }, owner.cookie);
    // A reminder as far ahead as allowed (30 days), besides the default 2 h one: every booking of the run is inside it,
    // so each is sent at once as a job (due at booking), and a kill can fall mid-send at any hour of
    // the run (with the defaults only, a run whose bookings were all days ahead sent none).
    const reminders = [{ offsetMinutes: RULES.reminderOffsetMaxMinutes, channel: 'email', active: true }, { offsetMinutes: 120, channel: 'email', active: true }];
    await must(world, 'reminders', 'PUT', `/api/businesses/${b.body.id}/reminders`, reminders, owner.cookie);
    world.shops.push({ ownerCookie: owner.cookie!, businessId: b.body.id, serviceId: s.body.id });
  }
  for (let i = 0; i < customers; i++) {
    const username = `fault_customer_${label}_${i}`;
    const email = `${username}@example.com`;
    const c = await must(world, 'customer', 'POST', '/api/register', { username, email, password, userType: 'customer' });
    world.customers.push({ id: c.body.id, cookie: c.cookie!, email });
  }
}
