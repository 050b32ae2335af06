import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { User } from '../../contract/auth.js';
import { createBusinessSchema, createRestaurantSchema } from '../../contract/businesses.js';
import { serviceInputSchema } from '../../contract/services.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { loadTimeZones } from '../db/time-zones.js';
import { registerUser } from '../features/auth/index.js';
import { createRestaurant, createServiceBusiness } from '../features/businesses/index.js';
import { createService } from '../features/services/index.js';
import { seedDemoMarket } from './demo-market.js';
import { seedStaffShop, STAFF_SHOP } from './demo-staff.js';

export const DEMO_PASSWORD = 'password123';

const serviceBusinesses = [
  {
    owner: 'owner',
    business: { ownerName: 'Dana Reyes', businessName: 'Downtown Barber Co.', category: 'Beauty & Wellness', description: 'Classic cuts, hot-towel shaves and beard care in the heart of downtown.', address: '120 Main Street', phone: '(212) 555-3344', email: 'hello@downtownbarber.example', website: 'https://downtownbarber.example' },
    services: [
      { name: 'Classic Haircut', description: 'Cut, wash and style.', duration: 30, price: '25.00' },
      { name: 'Beard Trim', description: 'Shape and line-up with hot towel.', duration: 15, price: '15.00' },
      { name: 'Haircut & Beard', description: 'The full works.', duration: 45, price: '35.00' },
    ],
  },
  {
    owner: 'brightsmile',
    business: { ownerName: 'Dr. Maya Chen', businessName: 'Bright Smile Dental', category: 'Healthcare', description: 'Family dentistry: check-ups, cleaning and whitening.', address: '45 Oak Avenue', phone: '(212) 555-7788', email: 'care@brightsmile.example' },
    services: [
      { name: 'Dental Check-up', description: 'Exam and X-rays.', duration: 45, price: '120.00' },
      { name: 'Teeth Cleaning', description: 'Scale and polish by a hygienist.', duration: 60, price: '95.00' },
      { name: 'Consultation', description: 'Talk through a treatment plan.', duration: 30, price: '50.00' },
    ],
  },
  {
    owner: 'peakfitness',
    business: { ownerName: 'Jordan Blake', businessName: 'Peak Fitness Studio', category: 'Fitness', description: 'One-to-one personal training and fitness assessments.', address: '9 River Road', phone: '(212) 555-1010' },
    services: [
      { name: 'Personal Training', description: 'A one-hour session with a coach.', duration: 60, price: '70.00' },
      { name: 'Fitness Assessment', description: 'Baseline tests and a plan.', duration: 30, price: '40.00' },
    ],
  },
  {
    owner: 'harborlegal',
    business: { ownerName: 'Sofia Alvarez', businessName: 'Harbor Legal Advisors', category: 'Legal', description: 'Contracts, tenancy and small-business law.', address: '300 Harbor Blvd, Suite 4', phone: '(212) 555-2299', website: 'https://harborlegal.example' },
    services: [
      { name: 'Initial Consultation', description: 'Understand your options.', duration: 60, price: '150.00' },
      { name: 'Document Review', description: 'A lawyer reads your contract.', duration: 30, price: '80.00' },
    ],
  },
  {
    owner: 'quickfix',
    business: { ownerName: 'Luis Moreno', businessName: 'QuickFix Auto Care', category: 'Automotive', description: 'Oil changes, tyres and brake checks while you wait.', address: '77 Industrial Way', phone: '(212) 555-5566' },
    services: [
      { name: 'Oil Change', description: 'Synthetic oil and filter.', duration: 30, price: '45.00' },
      { name: 'Tire Rotation', description: 'Rotate and balance all four.', duration: 30, price: '35.00' },
      { name: 'Brake Inspection', description: 'Pads, discs and fluid.', duration: 45, price: '60.00' },
    ],
  },
];

const restaurants = [
  { owner: 'trattoria', restaurant: { businessName: 'Trattoria Bella', cuisineType: 'Italian', priceRange: '$$', description: 'Hand-made pasta and wood-fired pizza.', address: '18 Vine Street', phone: '(212) 555-3030', maxPartySize: 8, reservationDuration: 120, operatingHours: 'Every day 5 PM - 11 PM' } },
  { owner: 'sakura', restaurant: { businessName: 'Sakura Sushi House', cuisineType: 'Japanese', priceRange: '$$$', description: 'Omakase counter and sushi classics.', address: '5 Cherry Lane', phone: '(212) 555-8080', maxPartySize: 6, reservationDuration: 90, seatingCapacity: 30, operatingHours: 'Every day 5 PM - 11 PM' } },
  { owner: 'greentable', restaurant: { businessName: 'The Green Table', cuisineType: 'Mediterranean', priceRange: '$', description: 'Mezze, salads and grills to share.', address: '62 Market Square', phone: '(212) 555-4545', maxPartySize: 10, reservationDuration: 120, operatingHours: 'Every day 5 PM - 11 PM' } },
];

/** The demo owners whose password is known: the login screen's `owner`, and `sharpco`, whose shop shows staff and policies (README). */
export const DEMO_OWNERS = ['owner', STAFF_SHOP.owner] as const;

async function createOwner(db: Db, username: string): Promise<User> {
  // Only the README's owners have a known password; the other demo owners cannot sign in.
  const password = (DEMO_OWNERS as readonly string[]).includes(username) ? DEMO_PASSWORD : randomBytes(18).toString('base64url');
  const user = await registerUser(db, { username, email: `${username}@example.com`, password, userType: 'business' });
  return user;
}

/**
 * Loads the demo data on an empty database only; never touches a database that has users. `market`
 * (default on) adds the generated market of a few hundred businesses with reviews (demo-market.ts);
 * the hand-written businesses and logins above are the same either way.
 */
export async function seedDemoData(db: Db, config: Config, { market = true }: { market?: boolean } = {}): Promise<boolean> {
  const [{ existing }] = await db.select({ existing: count() }).from(users);
  if (existing > 0) return false;
  // Before any write: a bad DEFAULT_TIME_ZONE must not leave half the demo behind.
  const timeZones = await loadTimeZones(db, config.DEFAULT_TIME_ZONE);
  for (const username of ['alice', 'bob']) {
    await registerUser(db, { username, email: `${username}@example.com`, password: DEMO_PASSWORD, userType: 'customer' });
  }
  for (const entry of serviceBusinesses) {
    const owner = await createOwner(db, entry.owner);
    const business = await createServiceBusiness(db, owner, createBusinessSchema.parse(entry.business), timeZones);
    const ownerWithBusiness = { ...owner, businessId: business.id };
    for (const service of entry.services) await createService(db, ownerWithBusiness, business.id, serviceInputSchema.parse(service));
  }
  // Every business above has the one member its creation gives it; this shop has three (demo-staff.ts).
  const shopOwner = await createOwner(db, STAFF_SHOP.owner);
  const shop = await createServiceBusiness(db, shopOwner, createBusinessSchema.parse(STAFF_SHOP.business), timeZones);
  const shopServices = [];
  for (const service of STAFF_SHOP.services) {
    shopServices.push(await createService(db, { ...shopOwner, businessId: shop.id }, shop.id, serviceInputSchema.parse(service)));
  }
  await seedStaffShop(db, shop, { haircut: shopServices[0].id, cutAndBeard: shopServices[2].id });
  for (const entry of restaurants) {
    const owner = await createOwner(db, entry.owner);
    await createRestaurant(db, owner, createRestaurantSchema.parse(entry.restaurant), timeZones);
  }
  if (market) await seedDemoMarket(db, timeZones);
  return true;
}
