import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { TimeZones } from '../db/time-zones.js';
import { transaction } from '../db/unit-of-work.js';
import { demoMarket } from './demo-market-catalogue.js';

/**
 * Writes the demo market (demo-market-catalogue.ts) set-based: one statement per table from a JSON
 * array, in one transaction, so a few hundred businesses cost a second rather than thousands of round
 * trips. The rows go through the tables' triggers like any other (search text, first staff member,
 * the visit's instants); each business's rating is then written from its reviews, as the review route
 * keeps it. The market's owners and guests cannot sign in: they share one hash of a password nobody knows.
 */
export async function seedDemoMarket(db: Db, timeZones: TimeZones) {
  const market = demoMarket();
  const passwordHash = await hash(randomBytes(18).toString('base64url'));
  const json = (rows: unknown[]) => JSON.stringify(rows);
  const businesses = market.businesses.map((b) => ({ ...b, zone: timeZones.resolve(b.zone) ?? timeZones.fallback }));
  const services = market.businesses.flatMap((b) => b.services.map((s, position) => ({ owner: b.owner, position, ...s })));
  await transaction(db, async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    await run(sql`insert into users (username, email, password_hash, user_type, full_name)
      select x.username, x.username || '@example.com', ${passwordHash}, x.user_type, x.full_name
      from json_to_recordset(${json([
        ...market.guests.map((g) => ({ username: g.username, user_type: 'customer', full_name: g.fullName })),
        ...businesses.map((b) => ({ username: b.owner, user_type: 'business', full_name: null })),
      ])}::json) as x(username text, user_type text, full_name text)`);
    await run(sql`insert into businesses (owner_id, business_name, category, business_type, time_zone, description, address, phone,
        cuisine_type, price_range, max_party_size, reservation_duration, seating_capacity, latitude, longitude, operating_hours)
      select u.id, x.name, x.category, x.type, x.zone, x.description, x.address, x.phone, x.cuisine, x."priceRange", x."maxPartySize",
        x."reservationDuration", x."seatingCapacity", x.latitude, x.longitude, case when x.type = 'restaurant' then 'Every day 5 PM - 11 PM' else '' end
      from json_to_recordset(${json(businesses)}::json) as x(owner text, name text, category text, type text, zone text, description text, address text,
        phone text, cuisine text, "priceRange" text, "maxPartySize" int, "reservationDuration" int, "seatingCapacity" int, latitude float8, longitude float8)
      join users u on u.username = x.owner`);
    await run(sql`insert into services (business_id, name, duration, price_cents)
      select b.id, x.name, x.duration, x."priceCents"
      from json_to_recordset(${json(services)}::json) as x(owner text, position int, name text, duration int, "priceCents" int)
      join users u on u.username = x.owner join businesses b on b.owner_id = u.id
      order by b.id, x.position`);
    // Opening hours as a new owner gets them (weekdays 09:00-17:00, restaurants 17:00-23:00 every 30 minutes).
    await run(sql`insert into business_hours (business_id, day_of_week, open_time, close_time)
      select b.id, d, '09:00', '17:00' from businesses b join users u on u.id = b.owner_id cross join generate_series(1, 5) d
      where u.username like 'market%' and b.business_type = 'service'`);
    await run(sql`insert into restaurant_time_slots (business_id, day_of_week, start_time, end_time, interval_minutes, is_active)
      select b.id, d, '17:00', '23:00', 30, true from businesses b join users u on u.id = b.owner_id cross join generate_series(0, 6) d
      where u.username like 'market%' and b.business_type = 'restaurant'`);
    // Past visits, completed, at the business's first service on the business's own calendar.
    const visits = json(market.visits);
    const visitRows = sql`json_to_recordset(${visits}::json) as x(owner text, guest text, "daysAgo" int, minute int, "partySize" int, rating int, text text, reply text)
      join users u on u.username = x.owner join businesses b on b.owner_id = u.id join users g on g.username = x.guest
      cross join lateral (select ((now() at time zone b.time_zone)::date - x."daysAgo") + x.minute * interval '1 minute' as starts_at) t`;
    await run(sql`insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
        customer_name, customer_email, customer_phone)
      select b.id, s.id, g.id, t.starts_at, t.starts_at + s.duration * interval '1 minute', s.duration, s.price_cents, 'completed',
        b.business_type = 'service', x."partySize", g.full_name, g.email, '(555) 010-0100'
      from ${visitRows}
      cross join lateral (select id, duration, price_cents from services where business_id = b.id order by id limit 1) s`);
    // The verified reviews of those visits (a visit is found by its business and start: one a day).
    await run(sql`insert into reviews (appointment_id, business_id, customer_id, rating, text, created_at, reply_text, replied_at)
      select a.id, a.business_id, a.customer_id, x.rating, x.text, r.created_at, x.reply, case when x.reply is not null then least(now(), r.created_at + interval '1 day') end
      from ${visitRows}
      join appointments a on a.business_id = b.id and a.starts_at = t.starts_at
      cross join lateral (select least(now(), a.ends_instant + interval '3 hours') as created_at) r
      where x.rating is not null`);
    await run(sql`update businesses z set rating_count = s.n, rating_total = s.total, rating_average = round(s.total::numeric / s.n, 1)
      from (select business_id, count(*)::int as n, sum(rating)::int as total from reviews group by business_id) s
      where z.id = s.business_id`);
  });
}
