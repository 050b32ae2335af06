import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { BusinessSort } from '../../contract/businesses';

/** One slot of the live queue: a service of a business at a date and time. */
export interface SlotQueueQuery {
  businessId: number;
  serviceId: number;
  date: string;
  time: string;
}

/** What the directory is filtered and sorted by (DESIGN section 10); part of its cache key. */
export interface BusinessListFilter {
  type?: 'restaurant' | 'service';
  q?: string;
  category?: string;
  cuisine?: string;
  priceRange?: string;
  partySize?: number;
  openNow?: boolean;
  availableOn?: string;
  /** "lat,lng", rounded (see the directory's Near me). */
  near?: string;
  radiusKm?: number;
  sort?: BusinessSort;
}

/** What quick booking (and the directory banner) narrow the earliest free starts by. */
export interface EarliestListFilter {
  limit?: number;
  date?: string;
  time?: string;
  partySize?: number;
  type?: 'restaurant' | 'service';
}

// A filter as a key: every field present (null when unset), so equal filters are one cache entry.
const filterKey = <T extends object>(filter: T, names: readonly (keyof T)[]) =>
  Object.fromEntries(names.map((name) => [name, filter[name] === undefined || filter[name] === '' ? null : filter[name]]));
const businessFilterNames = ['type', 'q', 'category', 'cuisine', 'priceRange', 'partySize', 'openNow', 'availableOn', 'near', 'radiusKm', 'sort'] as const;
const earliestFilterNames = ['limit', 'date', 'time', 'partySize', 'type'] as const;

/** Which free times: a business on a day, for a service and (restaurants) a party size. */
export interface SlotQuery {
  businessId: number;
  date: string;
  serviceId?: number;
  partySize?: number;
  /** Rescheduling this appointment of the caller's: its own time counts as free, its service even when archived. */
  forAppointment?: number;
  /** Only this member's free times (the reschedule dialog's "who"). */
  staffId?: number;
}

/**
 * Every cache key of the web app, and the only place one is written. Keys are hierarchical, so a
 * shorter key is the prefix of a family: invalidating `allAppointments()` also reaches
 * `myAppointments()` and `businessAppointments(id)`. Queries, mutations and live updates all take
 * their keys from here.
 */
export const queryKeys = {
  user: () => ['user'] as const,

  allBusinesses: () => ['businesses'] as const,
  businessLists: () => ['businesses', 'list'] as const,
  /** The directory's pages for one filter. */
  businessList: (filter: BusinessListFilter) => ['businesses', 'list', filterKey(filter, businessFilterNames)] as const,
  business: (businessId: number) => ['businesses', businessId] as const,
  businessServices: (businessId: number) => ['businesses', businessId, 'services'] as const,
  businessHours: (businessId: number) => ['businesses', businessId, 'hours'] as const,
  /** A business's staff members: the public list (active), or the owner's with inactive ones (all). */
  businessStaff: (businessId: number, all = false) => ['businesses', businessId, 'staff', { all }] as const,
  /** A business's verified reviews, newest first, a page at a time (under business(id): a new review changes its rating too). */
  businessReviews: (businessId: number) => ['businesses', businessId, 'reviews'] as const,

  blockedDates: (businessId: number) => ['blocked-dates', businessId] as const,
  timeSlots: (businessId: number) => ['time-slots', businessId] as const,
  allAvailableSlots: () => ['available-slots'] as const,
  availableSlots: ({ businessId, date, serviceId, partySize, forAppointment, staffId }: SlotQuery) => ['available-slots', { businessId, date, serviceId, partySize, forAppointment, staffId }] as const,
  /** Each free start of a day and who is free then (GET /api/businesses/:id/availability): under allAvailableSlots(), so it goes stale with them. */
  staffAvailability: (q: { businessId: number; date: string; serviceId: number; staffId?: number }) =>
    ['available-slots', 'staff', { businessId: q.businessId, date: q.date, serviceId: q.serviceId, staffId: q.staffId ?? null }] as const,
  /** A month's days with a free start (GET /api/businesses/:id/open-days): under allAvailableSlots(), stale with them. */
  openDays: (q: { businessId: number; month: string; serviceId?: number; staffId?: number | null; partySize?: number }) =>
    ['available-slots', 'open-days', { businessId: q.businessId, month: q.month, serviceId: q.serviceId, staffId: q.staffId ?? null, partySize: q.partySize }] as const,
  earliestAppointments: () => ['earliest-appointments'] as const,
  /** A list of the earliest free starts across businesses: quick booking's pages, the banner's first three. */
  earliestAppointmentList: (filter: EarliestListFilter, paged: boolean) => ['earliest-appointments', paged ? 'pages' : 'first', filterKey(filter, earliestFilterNames)] as const,
  /** One business's services' first free starts: under earliestAppointments(), so whatever makes that stale makes this stale too. */
  businessEarliest: (businessId: number) => ['earliest-appointments', 'business', businessId] as const,

  allAppointments: () => ['appointments'] as const,
  /** The signed-in customer's own appointments: every list of them below is under this key. */
  myAppointments: () => ['appointments', 'mine'] as const,
  /** Their pages, latest start first, as filtered on My Appointments. */
  myAppointmentPages: (filter: { date?: string; status?: string }) => ['appointments', 'mine', 'pages', { date: filter.date ?? null, status: filter.status ?? null }] as const,
  /** Their confirmed appointments on one day (what a queue jump starts from). */
  myAppointmentsOn: (date: string) => ['appointments', 'mine', 'on', date] as const,
  businessAppointments: (businessId: number) => ['appointments', 'business', businessId] as const,
  /** Others' appointments at a business (no personal data): on a day, or of one service. */
  businessAppointmentsFiltered: (businessId: number, filter: { date?: string; serviceId?: number }) =>
    ['appointments', 'business', businessId, { date: filter.date ?? null, serviceId: filter.serviceId ?? null }] as const,
  restaurantReservations: (restaurantId: number, date: string) => ['appointments', 'reservations', restaurantId, date] as const,

  allOffers: () => ['offers'] as const,
  offers: (userId: number) => ['offers', 'list', userId] as const,
  businessSwaps: (businessId: number) => ['offers', 'business', businessId] as const,
  /** The live and still-held offers tied to one of the user's appointments (its cancel dialog). */
  appointmentOffers: (appointmentId: number) => ['offers', 'appointment', appointmentId] as const,

  wallet: () => ['wallet'] as const,
  paymentConfig: () => ['payment-config'] as const,
  payouts: () => ['payouts'] as const,

  allCredits: () => ['credits'] as const,
  credits: (userId: number) => ['credits', userId] as const,
  creditTransactions: (userId: number) => ['credits', userId, 'transactions'] as const,

  allQueues: () => ['queue'] as const,
  slotQueue: ({ businessId, serviceId, date, time }: SlotQueueQuery) => ['queue', 'slot', { businessId, serviceId, date, time }] as const,
  customerQueue: (userId: number) => ['queue', 'customer', userId] as const,
  businessQueueToday: (businessId: number) => ['queue', 'business', businessId, 'today'] as const,

  notifications: () => ['notifications'] as const,

  /** The signed-in customer's waitlist entries (DESIGN section 11). */
  myWaitlist: () => ['waitlist', 'mine'] as const,
  /** A business's waitlist on one day, as its owner sees it. */
  businessWaitlist: (businessId: number, date: string) => ['waitlist', 'business', businessId, date] as const,
};

/**
 * Everything a booked, moved, cancelled or completed appointment makes stale: lists, free slots
 * (and the directory cards' next free times), credit, and the offers and wallet (a change ends live offers on it and can settle escrow). An
 * offer made, answered or ended makes the same families stale.
 */
export const staleAfterAppointmentChange = (): QueryKey[] => [
  queryKeys.allAppointments(),
  // The directory's cards carry each business's next free times.
  queryKeys.businessLists(),
  queryKeys.allAvailableSlots(),
  queryKeys.allCredits(),
  queryKeys.earliestAppointments(),
  queryKeys.allOffers(),
  queryKeys.wallet(),
  queryKeys.allQueues(),
];

/**
 * What one of the user's offers changing makes stale (the live offer_changed event): the offers, the
 * appointments it swapped or ended, the wallet, credit, and the queue lines the swap re-ranked; the
 * same families as an appointment change.
 */
export const staleAfterOfferChange = staleAfterAppointmentChange;

/** Services, hours, blocked dates and time slots all change which slots are free. */
export const staleAfterScheduleChange = (): QueryKey[] => [queryKeys.allAvailableSlots(), queryKeys.earliestAppointments()];

/** Marks every query under each key stale (refetching those on screen); resolves when they have refetched. */
export const invalidateKeys = (queryClient: QueryClient, keys: QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** True for every cached query except the signed-in user: what a change of identity resets or removes. */
export const isNotUserQuery = (query: Query) => query.queryKey[0] !== queryKeys.user()[0];
