/**
 * The demo market's businesses, customers, visits and reviews as plain data (demo-market.ts writes
 * them): a few hundred businesses across four cities, so a newcomer sees paging, search and "near me"
 * at work (issue 20). Drawn from a seeded generator, so every demo database holds the same market.
 */

/** mulberry32: small, fast and the same on every platform; the seed fixes the market. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const of = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, of };
}

export const MARKET_CITIES = [
  { name: 'New York', lat: 40.7128, lng: -74.006, zone: 'America/New_York', streets: ['Broadway', 'Lexington Ave', 'Bleecker St', 'Court St'] },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, zone: 'America/Chicago', streets: ['Michigan Ave', 'Clark St', 'Division St', 'Wells St'] },
  { name: 'London', lat: 51.5074, lng: -0.1278, zone: 'Europe/London', streets: ['High Street', 'Upper Street', 'Brick Lane', 'Marylebone Lane'] },
  { name: 'Paris', lat: 48.8566, lng: 2.3522, zone: 'Europe/Paris', streets: ['Rue de Rivoli', 'Rue Oberkampf', 'Rue des Martyrs', 'Rue de Charonne'] },
] as const;

const PREFIXES = ['Harbor', 'Maple', 'Riverside', 'Summit', 'Golden', 'Blue Door', 'Corner', 'Union', 'Cedar', 'Willow', 'Northside', 'Lakeview', 'Sunrise',
  'Evergreen', 'Liberty', 'Hillside', 'Old Town', 'Metro', 'Silver', 'Crown', 'Bridge', 'Market', 'Station', 'Garden', 'Village', 'Beacon', 'Copper', 'Ivy',
  'Linden', 'Chestnut', 'Meadow', 'Westside', 'Parkside', 'Canal', 'Orchard'];
/** Service kinds by category: the name's noun and the services it offers (name, minutes, dollars). */
const SERVICE_KINDS: { category: string; nouns: string[]; services: [string, number, number][] }[] = [
  { category: 'Healthcare', nouns: ['Physiotherapy', 'Eye Care', 'Family Clinic', 'Chiropractic'], services: [['Consultation', 30, 60], ['Treatment session', 45, 85], ['Follow-up', 20, 40]] },
  { category: 'Beauty & Wellness', nouns: ['Hair Studio', 'Nail Bar', 'Day Spa', 'Barbers', 'Massage'], services: [['Haircut', 30, 30], ['Manicure', 45, 35], ['Massage, 60 min', 60, 80]] },
  { category: 'Professional Services', nouns: ['Photography', 'Tailors', 'Consulting'], services: [['Consultation', 60, 90], ['Fitting', 30, 45]] },
  { category: 'Home Services', nouns: ['Plumbing', 'Cleaning Co.', 'Locksmiths'], services: [['Home visit', 60, 95], ['Quote', 30, 0]] },
  { category: 'Education', nouns: ['Tutoring', 'Music School', 'Language Centre'], services: [['Lesson', 60, 50], ['Trial lesson', 30, 20]] },
  { category: 'Fitness', nouns: ['Yoga', 'Pilates', 'Fitness Studio', 'Boxing Club'], services: [['Private session', 60, 70], ['Assessment', 30, 35]] },
  { category: 'Legal', nouns: ['Law Office', 'Notary'], services: [['Initial consultation', 60, 150], ['Document review', 30, 80]] },
  { category: 'Financial', nouns: ['Tax Advisors', 'Accounting'], services: [['Tax return', 60, 120], ['Advice call', 30, 60]] },
  { category: 'Automotive', nouns: ['Auto Care', 'Tire & Brake', 'Car Wash'], services: [['Oil change', 30, 45], ['Inspection', 45, 60]] },
  { category: 'Technology', nouns: ['Phone Repair', 'Computer Repair'], services: [['Diagnosis', 30, 25], ['Screen repair', 60, 110]] },
  { category: 'Other', nouns: ['Pet Grooming', 'Florist'], services: [['Appointment', 45, 40]] },
];
const RESTAURANT_KINDS: { cuisine: string; nouns: string[] }[] = [
  { cuisine: 'Italian', nouns: ['Trattoria', 'Osteria', 'Pizzeria'] }, { cuisine: 'Mexican', nouns: ['Taqueria', 'Cantina'] },
  { cuisine: 'Asian', nouns: ['Noodle Bar', 'Dumpling House'] }, { cuisine: 'American', nouns: ['Diner', 'Grill'] },
  { cuisine: 'French', nouns: ['Bistro', 'Brasserie'] }, { cuisine: 'Mediterranean', nouns: ['Taverna', 'Mezze House'] },
  { cuisine: 'Indian', nouns: ['Curry House', 'Tandoor'] }, { cuisine: 'Japanese', nouns: ['Sushi Bar', 'Ramen', 'Izakaya'] },
  { cuisine: 'Thai', nouns: ['Thai Kitchen'] },
];
/** Named by hand: the dentist a typo finds ("dentsit"), and accents an unaccented search finds ("cafe lumiere"). */
const NAMED: { name: string; category?: string; cuisine?: string; services?: [string, number, number][] }[] = [
  { name: 'Lakeside Family Dentist', category: 'Healthcare', services: [['Dental check-up', 45, 110], ['Teeth cleaning', 60, 90]] },
  { name: 'Café Lumière', cuisine: 'French' }, { name: 'Crêperie Soleil', cuisine: 'French' }, { name: 'Brasserie Éloïse', cuisine: 'French' },
  { name: 'Zoë’s Nail Atelier', category: 'Beauty & Wellness', services: [['Manicure', 45, 35], ['Pedicure', 60, 45]] },
];
const FIRST = ['Ava', 'Ben', 'Chloé', 'Daniel', 'Emma', 'Felix', 'Grace', 'Hugo', 'Isla', 'Jack', 'Kenji', 'Léa', 'Maya', 'Noah', 'Olivia', 'Rosa', 'Sam', 'Tom', 'Uma', 'Yusuf'];
const LAST = ['Smith', 'Garcia', 'Nguyen', 'Müller', 'Rossi', 'Tanaka', 'Dubois', 'Okafor', 'Kowalski', 'Patel', 'Silva', 'Cohen', 'Kim', 'Moreau'];
const REVIEWS: Record<number, string[]> = {
  5: ['Wonderful from start to finish. Booked in a minute, no waiting.', 'The best in the neighbourhood, and it shows.', 'Friendly, on time, spotless. Will be back.', ''],
  4: ['Very good; a short wait past my time.', 'Great service, prices a little high.', 'Lovely people, easy to find.', ''],
  3: ['Fine, nothing special.', 'Good work but it felt rushed.', 'OK. Booking was easy, the visit so-so.'],
  2: ['Waited twenty minutes past my booking.', 'Not what I expected from the photos.'],
  1: ['My booking was not in their system when I arrived.'],
};
const REPLIES = ['Thank you, see you next time!', 'Thanks for telling us: we have changed how we plan the afternoons.', 'So glad you enjoyed it!', 'Sorry about the wait, and thank you for your patience.'];

export const MARKET_SIZE = 300;
export const MARKET_CUSTOMERS = 40;

export interface MarketBusiness {
  owner: string; name: string; type: 'service' | 'restaurant'; category: string; cuisine: string | null; priceRange: string | null;
  maxPartySize: number | null; reservationDuration: number | null; seatingCapacity: number | null; zone: string; description: string; address: string;
  phone: string; latitude: number | null; longitude: number | null; services: { name: string; duration: number; priceCents: number }[];
}
/** A past visit: days ago, start minute of the day, the guest; rating null when it was not reviewed. */
export interface MarketVisit { owner: string; guest: string; daysAgo: number; minute: number; partySize: number; rating: number | null; text: string; reply: string | null }

export function demoMarket(seed = 20) {
  const random = seededRandom(seed);
  const guests = Array.from({ length: MARKET_CUSTOMERS }, (_, i) => ({ username: `guest${String(i + 1).padStart(2, '0')}`, fullName: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}` }));
  const used = new Set<string>();
  const businesses: MarketBusiness[] = [];
  const visits: MarketVisit[] = [];
  for (let i = 0; i < MARKET_SIZE; i++) {
    const named = i < NAMED.length ? NAMED[i] : undefined;
    const restaurant = named ? named.cuisine !== undefined : random.next() < 0.3;
    const kind = restaurant ? random.of(RESTAURANT_KINDS) : random.of(SERVICE_KINDS);
    const noun = random.of(kind.nouns);
    let name = named?.name ?? '';
    while (!name || used.has(name)) name = random.next() < 0.75 ? `${random.of(PREFIXES)} ${noun}` : `${noun} ${random.of(PREFIXES)}`;
    used.add(name);
    const city = MARKET_CITIES[i % MARKET_CITIES.length];
    const located = i % 10 !== 9; // one in ten has not set its location yet
    const owner = `market${String(i + 1).padStart(3, '0')}`;
    const cuisine = restaurant ? (named?.cuisine ?? (kind as (typeof RESTAURANT_KINDS)[number]).cuisine) : null;
    const serviceKind = kind as (typeof SERVICE_KINDS)[number];
    const category = restaurant ? 'Restaurant' : (named?.category ?? serviceKind.category);
    const reservationDuration = restaurant ? random.of([90, 120]) : null;
    const services = restaurant
      ? [{ name: 'Table reservation', duration: reservationDuration!, priceCents: 0 }]
      : (named?.services ?? serviceKind.services.slice(0, 1 + random.int(serviceKind.services.length))).map(([n, d, p]) => ({ name: n, duration: d, priceCents: p * 100 }));
    businesses.push({
      owner, name, type: restaurant ? 'restaurant' : 'service', category, cuisine, priceRange: restaurant ? random.of(['$', '$$', '$$$', '$$$$']) : null,
      maxPartySize: restaurant ? 4 + random.int(9) : null, reservationDuration, seatingCapacity: restaurant ? 20 + 10 * random.int(8) : null,
      zone: city.zone, description: restaurant ? `${cuisine} cooking in ${city.name}: book a table online.` : `${category} in ${city.name}. Book online, pay at the visit.`,
      address: `${1 + random.int(300)} ${random.of(city.streets)}, ${city.name}`, phone: `(212) ${String(200 + (random.int(900) % 800))}-${String(1000 + random.int(9000))}`,
      latitude: located ? Math.round((city.lat + (random.next() - 0.5) * 0.2) * 1e5) / 1e5 : null,
      longitude: located ? Math.round((city.lng + (random.next() - 0.5) * 0.2) * 1e5) / 1e5 : null,
      services,
    });
    // Past visits on distinct days (one a day, so a service business's never overlap); one in eight
    // businesses is new and has none. Each business leans to its own mark.
    const count = i % 8 === 7 ? 0 : 1 + random.int(12);
    const lean = 2.5 + random.next() * 2.5;
    const days = new Set<number>();
    while (days.size < count) days.add(1 + random.int(60));
    for (const daysAgo of days) {
      const reviewed = random.next() < 0.75;
      const rating = Math.max(1, Math.min(5, Math.round(lean + (random.next() - 0.5) * 2)));
      visits.push({
        owner, guest: random.of(guests).username, daysAgo, minute: restaurant ? 18 * 60 + 30 * random.int(5) : 10 * 60 + 60 * random.int(6),
        partySize: restaurant ? 1 + random.int(4) : 1, rating: reviewed ? rating : null, text: random.of(REVIEWS[rating]),
        reply: reviewed && random.next() < 0.15 ? random.of(REPLIES) : null,
      });
    }
  }
  return { guests, businesses, visits };
}
