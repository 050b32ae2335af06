import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/client.js';
import { businesses, businessHours, services, staffHours, staffMembers, staffTimeOff } from '../db/schema.js';
import { todayIn } from '../time/business-time.js';

/**
 * The demo's shop with three barbers (DESIGN section 9), so a newcomer sees staff at work: three
 * customers at once, a lunch break, a member who gives one service, a day off. Rows are written
 * directly (the owner's staff screens are another feature's); the business's trigger has already
 * made its first member, named after it, who becomes Marco rather than a fourth member.
 */
export const STAFF_SHOP = {
  owner: 'sharpco',
  business: { ownerName: 'Marco Bellini', businessName: 'Sharp & Co Barbers', category: 'Beauty & Wellness', description: 'Three barbers, walk-ins welcome: book a time with Marco, Sam or Priya, or whoever is free.', address: '14 Mill Lane', phone: '(212) 555-8899', email: 'chairs@sharpco.example' },
  services: [
    { name: 'Haircut', description: 'Cut and style.', duration: 30, price: '28.00' },
    { name: 'Beard trim', description: 'Shape and hot towel.', duration: 15, price: '14.00' },
    { name: 'Cut & beard', description: 'Haircut and beard trim together.', duration: 45, price: '38.00' },
  ],
  /** The shop's own booking policies, so the README's `sharpco` sees them at work: a day's notice to cancel, an hour's to book. */
  policies: { cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 120, minNoticeMinutes: 60 },
  /** "Cut & beard" overrides one and needs the chair cleaned after it. */
  cutAndBeardPolicies: { cancelCutoffMinutes: 2880, bufferAfterMinutes: 10 },
} as const;

/** Open Mon-Sat 09:00-18:00 (the default Mon-Fri 09:00-17:00 would leave Sam's Saturday outside the shop's hours). */
const SHOP_HOURS = [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '18:00' }));
const MARCO_HOURS = [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
  { dayOfWeek, openTime: '09:00', closeTime: '12:00' },
  { dayOfWeek, openTime: '13:00', closeTime: '17:00' },
]);
const SAM_HOURS = [2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '10:00', closeTime: '18:00' }));

/** Wednesday of next week (the week that starts on the coming Monday), in the shop's zone. */
export function priyaDayOff(timeZone: string, now: Date = new Date()): string {
  const today = Temporal.PlainDate.from(todayIn(timeZone, now));
  return today.add({ days: 8 - today.dayOfWeek + 2 }).toString();
}

/** Turns the shop's first member into Marco and adds Sam and Priya, with their hours and time off. */
export async function seedStaffShop(db: Db, business: { id: number; timeZone: string }, serviceIds: { haircut: number; cutAndBeard: number }) {
  await db.update(businesses).set({ policies: STAFF_SHOP.policies }).where(eq(businesses.id, business.id));
  await db.update(services).set({ policies: STAFF_SHOP.cutAndBeardPolicies }).where(eq(services.id, serviceIds.cutAndBeard));
  await db.delete(businessHours).where(eq(businessHours.businessId, business.id));
  await db.insert(businessHours).values(SHOP_HOURS.map((h) => ({ ...h, businessId: business.id })));
  const [marco] = await db
    .update(staffMembers)
    .set({ name: 'Marco', bio: 'Classic cuts and fades; takes lunch 12-1.', ownHours: true, position: 1 })
    .where(eq(staffMembers.businessId, business.id))
    .returning({ id: staffMembers.id });
  const [sam, priya] = await db
    .insert(staffMembers)
    .values([
      { businessId: business.id, name: 'Sam', bio: 'Scissor work and long hair. Haircuts only.', position: 2, ownHours: true, serviceIds: [serviceIds.haircut] },
      { businessId: business.id, name: 'Priya', bio: 'Beards and hot-towel shaves; here whenever the shop is open.', position: 3 },
    ])
    .returning({ id: staffMembers.id });
  await db.insert(staffHours).values([
    ...MARCO_HOURS.map((h) => ({ ...h, staffId: marco.id })),
    ...SAM_HOURS.map((h) => ({ ...h, staffId: sam.id })),
  ]);
  const dayOff = priyaDayOff(business.timeZone);
  await db.insert(staffTimeOff).values({ staffId: priya.id, startDate: dayOff, endDate: dayOff, reason: 'Training day' });
}
