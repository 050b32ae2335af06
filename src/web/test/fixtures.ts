import { type Appointment, appointmentSchema } from '@contract/appointments';
import { type User, userSchema } from '@contract/auth';
import { type Business, businessSchema } from '@contract/businesses';
import { type Offer, offerSchema } from '@contract/offers';
import { defaultPolicies } from '@contract/policies';
import { type Service, serviceSchema } from '@contract/services';
import { addDays } from '@contract/time';
import { todayIso } from '@/components/ui/calendar';

// What the API answers, built from the contract's own schemas (a fixture that drifts from the contract
// fails to parse), with demo-like defaults a test overrides where it matters.

export const inDays = (days: number, timeZone = 'America/New_York') => addDays(todayIso(timeZone), days);

export const makeUser = (over: Partial<User> = {}): User =>
  userSchema.parse({ id: 7, username: 'alice', email: 'alice@example.com', userType: 'customer', businessId: null, fullName: null, phone: null, ...over });

export const makeBusiness = (over: Partial<Business> = {}): Business =>
  businessSchema.parse({
    id: 1,
    ownerId: 3,
    businessName: 'Downtown Barber Co.',
    category: 'Beauty & Wellness',
    businessType: 'service',
    description: 'Classic cuts and hot-towel shaves.',
    address: '12 Main St',
    phone: '+12125550100',
    email: 'barber@example.com',
    website: '',
    operatingHours: 'Mon-Fri 9-5',
    cuisineType: null,
    priceRange: null,
    maxPartySize: null,
    reservationDuration: null,
    seatingCapacity: null,
    timeZone: 'America/New_York',
    openToday: true,
    policies: defaultPolicies(over.businessType === 'restaurant' ? 'restaurant' : 'service'),
    createdAt: '2026-01-01T00:00:00.000Z',
    latitude: null,
    longitude: null,
    ratingAverage: null,
    ratingCount: 0,
    listed: true,
    ...over,
  });

export const makeRestaurant = (over: Partial<Business> = {}): Business =>
  makeBusiness({ id: 2, businessName: 'Trattoria Bella', category: 'Restaurant', businessType: 'restaurant', policies: defaultPolicies('restaurant'), cuisineType: 'Italian', priceRange: '$$', maxPartySize: 8, reservationDuration: 120, seatingCapacity: 40, ...over });

export const makeService = (over: Partial<Service> = {}): Service =>
  serviceSchema.parse({ id: 11, businessId: 1, name: 'Classic Haircut', description: 'Cut and style.', duration: 30, price: '25.00', policies: {}, ...over });

export const makeAppointment = (over: Partial<Appointment> = {}): Appointment =>
  appointmentSchema.parse({
    id: 101,
    businessId: 1,
    serviceId: 11,
    customerId: 7,
    date: inDays(3),
    time: '10:00',
    duration: 30,
    price: '25.00',
    status: 'confirmed',
    partySize: 1,
    blockOffers: false,
    isMine: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    serviceName: 'Classic Haircut',
    businessName: 'Downtown Barber Co.',
    businessType: 'service',
    timeZone: 'America/New_York',
    notes: null,
    customerName: 'Alice Example',
    customerEmail: 'alice@example.com',
    customerPhone: '+12125550100',
    seatingPreference: null,
    occasionType: null,
    dietaryRestrictions: null,
    cancelCutoffMinutes: null,
    rescheduleCutoffMinutes: null,
    swapMarket: true,
    staffId: null,
    staffName: null,
    staffRequested: false,
    review: null,
    reviewableUntil: null,
    customerConfirmedAt: null,
    deposit: null,
    cardFees: null,
    ...over,
  });

/** Someone else's appointment as a customer sees it: no personal data. */
export const othersAppointment = (over: Partial<Appointment> = {}): Appointment =>
  makeAppointment({ customerId: null, isMine: false, customerName: null, customerEmail: null, customerPhone: null, notes: null, ...over });

/** One side of an offer; the name it was booked under only for the business's owner (`named`). */
const offerAppointment = (a: Appointment, named: boolean) => ({
  id: a.id, businessId: a.businessId, businessName: a.businessName, businessType: a.businessType, serviceId: a.serviceId, serviceName: a.serviceName,
  date: a.date, time: a.time, duration: a.duration, partySize: a.partySize, status: a.status, isMine: a.isMine, timeZone: a.timeZone,
  customerName: named ? a.customerName : null,
});

/**
 * An offer from `from` (the payer's appointment) for `to`, as the viewer sees it: a customer by default;
 * `asOwner` as the business's owner reads it (neither party: both sides named, nothing to act on).
 */
export function makeOffer(over: Partial<Offer> & { from?: Appointment; to?: Appointment; asOwner?: boolean } = {}): Offer {
  const { from = makeAppointment({ id: 102, time: '11:00' }), to = othersAppointment({ id: 101, time: '10:00' }), asOwner = false, ...rest } = over;
  const ownersView = asOwner
    ? { direction: 'incoming', actions: { accept: false, decline: false, counter: false, acceptCounter: false, cancel: false } }
    : {};
  return offerSchema.parse({
    id: 501,
    fromUserId: 7,
    toUserId: 8,
    fromAppointmentId: from.id,
    toAppointmentId: to.id,
    offerAmount: '25.00',
    offerType: 'queue_jump',
    paymentMethod: 'cash',
    message: '',
    paymentIntentId: null,
    heldAmount: null,
    status: 'pending',
    counterOfferAmount: null,
    counterOfferMessage: null,
    negotiationRound: 0,
    lastNegotiationBy: null,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    currentAmount: '25.00',
    totalCharge: '30.00',
    recipientReceives: '23.75',
    direction: 'outgoing',
    counterpartName: 'bob',
    temporaryReservation: false,
    fromAppointment: { ...offerAppointment(from, asOwner), ...(asOwner && { isMine: false }) },
    toAppointment: { ...offerAppointment(to, asOwner), ...(asOwner && { isMine: false }) },
    swapped: null,
    escrowStatus: 'held',
    refundsPayer: false,
    actions: { accept: false, decline: false, counter: true, acceptCounter: false, cancel: true },
    waitingForResponse: false,
    ...ownersView,
    ...rest,
  });
}
