/**
 * The discovery benchmark's market (issue 20, DESIGN section 13): 100,000 businesses (30% restaurants)
 * in five cities, their owners, services, hours or time slots, the one member each service business's
 * trigger gives it, about 1,000,000 appointments (past visits completed, the next month's confirmed)
 * and a verified review on most completed visits, each business's rating_count / rating_total /
 * rating_average written from its reviews. Set-based (INSERT … SELECT generate_series) through the
 * app's own migrations and with every trigger and constraint on, so rows are the rows the app writes.
 * Deterministic: every choice is hashint8 of a row number, never random().
 *   npx tsx bench/discovery-seed.ts        (BENCH_DATABASE_URL, BENCH_BUSINESSES; KEEP=1 keeps que_bench_discovery)
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { withDatabase } from '../src/server/test/global-setup.js';
import { load } from './latency-support.js';

export const DISCOVERY_DATABASE = process.env.DISCOVERY_DATABASE ?? 'que_bench_discovery';
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const discoveryUrl = () => withDatabase(adminUrl, DISCOVERY_DATABASE);

const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const CUSTOMERS = BUSINESSES; // a bijection per future week: one customer, one confirmed visit a week
/** Past visits per business; 2 in 500 businesses (a restaurant and a service business) are popular and has POPULAR of them (a long reviews list). */
const PAST = 7;
const POPULAR = 200;
const FUTURE = 3;

/** Cities with the zone their businesses keep; coordinates spread about ±0.15° (about 15 km) around each. */
export const CITIES = [
  { name: 'New York', lat: 40.7128, lng: -74.006, zone: 'America/New_York', streets: ['Broadway', 'Lexington Ave', 'Bleecker St', 'Court St', 'Atlantic Ave'] },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, zone: 'America/Chicago', streets: ['Michigan Ave', 'Clark St', 'Halsted St', 'Division St', 'Wells St'] },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437, zone: 'America/Los_Angeles', streets: ['Sunset Blvd', 'Melrose Ave', 'Figueroa St', 'Abbot Kinney Blvd', 'Vermont Ave'] },
  { name: 'London', lat: 51.5074, lng: -0.1278, zone: 'Europe/London', streets: ['High Street', 'Kings Road', 'Upper Street', 'Brick Lane', 'Marylebone Lane'] },
  { name: 'Paris', lat: 48.8566, lng: 2.3522, zone: 'Europe/Paris', streets: ['Rue de Rivoli', 'Rue Oberkampf', 'Boulevard Saint-Germain', 'Rue des Martyrs', 'Rue de Charonne'] },
];

const PREFIXES = ['Bright', 'Harbor', 'Maple', 'Oak', 'Riverside', 'Summit', 'Golden', 'Blue Door', 'Corner', 'Park', 'Union', 'Cedar', 'Willow', 'Elm Street',
  'Northside', 'Lakeview', 'Sunrise', 'Evergreen', 'Liberty', 'Main Street', 'Hillside', 'Old Town', 'Metro', 'Green', 'Silver', 'Crown', 'Bridge', 'Market',
  'Station', 'Garden', 'Village', 'Pioneer', 'Beacon', 'Copper', 'Ivy', 'Linden', 'Chestnut', 'Meadow', 'Westside', 'Lumière'];
/** category|name noun; a service business draws one. Dentists are there for the typo search ("dentsit"). */
const SERVICE_KINDS = ['Healthcare|Dentist', 'Healthcare|Dental', 'Healthcare|Family Clinic', 'Healthcare|Physiotherapy', 'Healthcare|Eye Care',
  'Beauty & Wellness|Barbers', 'Beauty & Wellness|Hair Studio', 'Beauty & Wellness|Nail Bar', 'Beauty & Wellness|Day Spa', 'Beauty & Wellness|Massage',
  'Professional Services|Consulting', 'Professional Services|Photography', 'Professional Services|Tailors', 'Home Services|Plumbing', 'Home Services|Cleaning Co.',
  'Home Services|Locksmiths', 'Education|Tutoring', 'Education|Music School', 'Education|Language Centre', 'Fitness|Fitness Studio', 'Fitness|Yoga', 'Fitness|Pilates',
  'Legal|Law Office', 'Legal|Notary', 'Financial|Tax Advisors', 'Financial|Accounting', 'Automotive|Auto Care', 'Automotive|Tire & Brake', 'Technology|Phone Repair',
  'Technology|Computer Repair', 'Other|Pet Grooming', 'Other|Florist'];
/** cuisine|name noun; a restaurant draws one (some with accents: "Café", "Crêperie"). */
const RESTAURANT_KINDS = ['Italian|Trattoria', 'Italian|Osteria', 'Italian|Pizzeria', 'Mexican|Taqueria', 'Mexican|Cantina', 'Asian|Noodle Bar', 'Asian|Dumpling House',
  'American|Diner', 'American|Grill', 'French|Bistro', 'French|Café', 'French|Crêperie', 'Mediterranean|Taverna', 'Mediterranean|Mezze House', 'Indian|Curry House',
  'Indian|Tandoor', 'Japanese|Sushi', 'Japanese|Ramen', 'Japanese|Izakaya', 'Thai|Thai Kitchen', 'Other|Kitchen'];
const FIRST_NAMES = ['Ava', 'Ben', 'Chloé', 'Daniel', 'Emma', 'Felix', 'Grace', 'Hugo', 'Isla', 'Jack', 'Kenji', 'Léa', 'Maya', 'Noah', 'Olivia', 'Priya', 'Quinn',
  'Rosa', 'Sam', 'Tom', 'Uma', 'Victor', 'Wen', 'Yusuf', 'Zoe', 'Amir', 'Bea', 'Carlos', 'Dana', 'Eli'];
const LAST_NAMES = ['Smith', 'Garcia', 'Nguyen', 'Müller', 'Rossi', 'Tanaka', 'Dubois', 'Okafor', 'Kowalski', 'Brown', 'Patel', 'Silva', 'Cohen', 'Larsen', 'Kim',
  "O'Brien", 'Novak', 'Haddad', 'Jensen', 'Moreau'];
const REVIEW_TEXTS = ['Friendly and on time. Would book again.', 'Great experience from start to finish.', 'Good, but I waited ten minutes past my time.',
  'Exactly what I needed, clear prices.', 'Lovely place, a little noisy.', 'Not my best visit: the booking was fine, the service so-so.', '',
  'Superb. Booked in one tap and it all went as planned.', 'Quick and professional.', 'Nice staff, easy to find.'];
const REPLIES = ['Thank you, see you next time!', 'Thanks for the feedback, we are working on our timing.', 'Glad you enjoyed it!'];

const list = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
/** A deterministic draw in [0, n) from a row number and a salt: PostgreSQL's own integer hash. */
const pick = (expr: string, salt: number, n: number | string) => `((hashint8((${expr})::bigint * 1000003 + ${salt}) & 2147483647) % ${n})`;

/** The statements, in order, each with what it writes (printed with its time). */
function statements(): [string, string][] {
  const cityCase = (field: 'lat' | 'lng' | 'zone' | 'name') => `(${list(CITIES.map((c) => String(c[field])))})[1 + c.city]`;
  const streets = list(CITIES.flatMap((c) => c.streets));
  const pastCount = `case when b.i % 500 in (0, 5) then ${POPULAR} else ${PAST} end`;
  const stmts: [string, string][] = [
    ['owners and customers', `insert into users (username, email, password_hash, user_type, full_name)
      select 'disc' || g, 'disc' || g || '@example.com', 'x', case when g <= ${BUSINESSES} then 'business' else 'customer' end,
        case when g > ${BUSINESSES} then (${list(FIRST_NAMES)})[1 + ${pick('g', 1, FIRST_NAMES.length)}] || ' ' || (${list(LAST_NAMES)})[1 + ${pick('g', 2, LAST_NAMES.length)}] end
      from generate_series(1, ${BUSINESSES + CUSTOMERS}) g`],
    // Restaurants interleaved (3 in 10) so neither kind bunches at one end of the name order.
    ['businesses (their search text and first member by their triggers)', `insert into businesses (owner_id, business_name, category, business_type, time_zone, description, address,
        cuisine_type, price_range, max_party_size, reservation_duration, seating_capacity, latitude, longitude)
      select u.id, k.prefix || ' ' || k.noun, case when c.r then 'Restaurant' else k.category end, case when c.r then 'restaurant' else 'service' end, ${cityCase('zone')},
        case when c.r then 'A ' || lower(k.category) || ' ' || lower(k.noun) || ' in ' || ${cityCase('name')} || '.' else k.noun || ' in ' || ${cityCase('name')} || ', book online.' end,
        (1 + ${pick('u.i', 4, 400)}) || ' ' || (${streets})[1 + c.city * 5 + ${pick('u.i', 5, 5)}] || ', ' || ${cityCase('name')},
        case when c.r then k.category end, case when c.r then (array['$', '$$', '$$$', '$$$$'])[1 + ${pick('u.i', 6, 4)}] end,
        case when c.r then 2 + ${pick('u.i', 7, 19)} end, case when c.r then 90 + 30 * ${pick('u.i', 8, 2)} end, case when c.r then 20 + ${pick('u.i', 9, 100)} end,
        case when u.i % 20 <> 0 then ${cityCase('lat')}::float8 + (${pick('u.i', 10, 3001)} - 1500) / 10000.0 end,
        case when u.i % 20 <> 0 then ${cityCase('lng')}::float8 + (${pick('u.i', 11, 3001)} - 1500) / 10000.0 end
      from (select id, row_number() over (order by id)::int as i from users where user_type = 'business') u
      cross join lateral (select u.i % 10 < 3 as r, ${pick('u.i', 3, CITIES.length)} as city) c
      cross join lateral (select (${list(PREFIXES)})[1 + ${pick('u.i', 12, PREFIXES.length)}] as prefix,
        split_part(kind, '|', 1) as category, split_part(kind, '|', 2) as noun
        from (select case when c.r then (${list(RESTAURANT_KINDS)})[1 + ${pick('u.i', 13, RESTAURANT_KINDS.length)}]
                          else (${list(SERVICE_KINDS)})[1 + ${pick('u.i', 13, SERVICE_KINDS.length)}] end as kind) kk) k
`],
    ['services', `insert into services (business_id, name, duration, price_cents)
      select b.id, 'Table reservation', b.reservation_duration, 0 from businesses b where b.business_type = 'restaurant'
      union all
      select b.id, (array['Consultation', 'Standard visit', 'Extended visit'])[1 + k], (array[30, 45, 60])[1 + k], 2500 + 1500 * k
      from businesses b cross join generate_series(0, 2) k where b.business_type = 'service' and k <= b.id % 3`],
    ['hours (service businesses, Mon-Sat 09:00-17:00)', `insert into business_hours (business_id, day_of_week, open_time, close_time)
      select b.id, d, '09:00', '17:00' from businesses b cross join generate_series(1, 6) d where b.business_type = 'service'`],
    ['time slots (restaurants, every day 17:00-23:00)', `insert into restaurant_time_slots (business_id, day_of_week, start_time, end_time, interval_minutes, is_active)
      select b.id, d, '17:00', '23:00', 30, true from businesses b cross join generate_series(0, 6) d where b.business_type = 'restaurant'`],
    // One row per business with what its appointments need, so the big inserts join one narrow table.
    // Statistics for what was just written, so the joins below are planned on real sizes.
    ['analyze', 'analyze users, businesses, services, staff_members'],
    ['bench_b (a temporary index of the businesses)', `create temporary table bench_b as
      select b.id, row_number() over (order by b.id)::int as i, b.business_type = 'restaurant' as r, b.max_party_size,
        s.id as service_id, s.duration, m.staff_id
      from businesses b
      join (select distinct on (business_id) business_id, id, duration from services order by business_id, id) s on s.business_id = b.id
      left join (select business_id, min(id) as staff_id from staff_members group by business_id) m on m.business_id = b.id`],
    ['analyze bench_b', 'analyze bench_b'],
  ];
  // Appointments in chunks of businesses (progress, and no single 1,000,000-row transaction).
  const CHUNK = 10_000;
  const customerBase = `(select min(id) - 1 from users where user_type = 'customer')`;
  for (let from = 1; from <= BUSINESSES; from += CHUNK) {
    const to = Math.min(BUSINESSES, from + CHUNK - 1);
    // Past visits: one a day going back, completed (the popular ones over POPULAR days).
    stmts.push([`appointments, businesses ${from}-${to}: past, completed`, `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents,
        status, exclusive, party_size, customer_name, customer_email, customer_phone, staff_id)
      select b.id, b.service_id, cb.base + 1 + ${pick('b.i * 1000 + j', 20, CUSTOMERS)}, t.starts_at, t.starts_at + b.duration * interval '1 minute', b.duration, 0,
        'completed', not b.r, case when b.r then 1 + ${pick('b.i * 1000 + j', 21, 'least(6, b.max_party_size)')} else 1 end, 'Bench Customer', 'bench@example.com', '555',
        case when not b.r then b.staff_id end
      from bench_b b cross join (select ${customerBase} as base) cb
      cross join lateral generate_series(0, ${pastCount} - 1) j
      cross join lateral (select (current_date - 1 - j)::timestamp
        + case when b.r then 17 * 60 + 30 * ((b.i * 7 + j) % 9) else 9 * 60 + 60 * ((b.i + 3 * j) % 7) end * interval '1 minute' as starts_at) t
      where b.i between ${from} and ${to}`]);
    // The coming month: FUTURE confirmed visits, the j-th in days 10j+1..10j+10; customer (i + j·N/3) mod N
    // is a bijection for each j, so no customer has two at once (appointments_one_place). 1 in 10 cancelled.
    stmts.push([`appointments, businesses ${from}-${to}: coming month`, `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents,
        status, exclusive, party_size, customer_name, customer_email, customer_phone, staff_id)
      select b.id, b.service_id, cb.base + 1 + (b.i + j * ${Math.floor(CUSTOMERS / 3)}) % ${CUSTOMERS}, t.starts_at, t.starts_at + b.duration * interval '1 minute', b.duration, 0,
        case when (b.i + j) % 10 = 0 then 'cancelled' else 'confirmed' end, not b.r, case when b.r then 1 + (b.i + j) % least(6, b.max_party_size) else 1 end,
        'Bench Customer', 'bench@example.com', '555', case when not b.r then b.staff_id end
      from bench_b b cross join (select ${customerBase} as base) cb
      cross join generate_series(0, ${FUTURE - 1}) j
      cross join lateral (select (current_date + 1 + 10 * j + b.i % 10)::timestamp
        + case when b.r then 17 * 60 + 30 * ((b.i * 5 + j) % 9) else 9 * 60 + 60 * ((b.i + j) % 7) end * interval '1 minute' as starts_at) t
      where b.i between ${from} and ${to}`]);
    if (from === 1) stmts.push(['analyze appointments (the triggers\' lookups planned on real sizes)', 'analyze appointments']);
  }
  stmts.push(
    // Verified reviews: on 6 in 10 completed visits, none at every tenth business ("New"); each
    // business leans to its own mark (base 2-5), so ratings spread and sort=rating has an order.
    ['reviews (and a few owner replies)', `insert into reviews (appointment_id, business_id, customer_id, rating, text, created_at, reply_text, replied_at)
      select a.id, a.business_id, a.customer_id, x.rating, (${list(REVIEW_TEXTS)})[1 + ${pick('a.id', 31, REVIEW_TEXTS.length)}], x.created_at,
        case when ${pick('a.id', 32, 10)} = 0 then (${list(REPLIES)})[1 + ${pick('a.id', 33, REPLIES.length)}] end,
        case when ${pick('a.id', 32, 10)} = 0 then least(now(), x.created_at + interval '1 day') end
      from appointments a join bench_b b on b.id = a.business_id
      cross join lateral (select least(5, greatest(1, 2 + b.i % 4 + ${pick('a.id', 34, 3)} - (${pick('a.id', 35, 6)} = 0)::int))::smallint as rating,
        least(now(), a.ends_instant + interval '3 hours') as created_at) x
      where a.status = 'completed' and b.i % 10 <> 9 and ${pick('a.id', 30, 10)} < 6`],
    // As the review route keeps them: count, total, and the average to one decimal (null without reviews).
    ['ratings from the reviews', `update businesses z set rating_count = s.n, rating_total = s.total, rating_average = round(s.total::numeric / s.n, 1)
      from (select business_id, count(*)::int as n, sum(rating)::int as total from reviews group by business_id) s where z.id = s.business_id`],
    ['drop bench_b', 'drop table bench_b'],
  );
  return stmts;
}

/** Creates que_bench_discovery (dropping an old one), migrates it with the app's migrate, seeds it, vacuums. */
export async function seedDiscovery(): Promise<{ url: string; seconds: number; counts: Record<string, number> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DISCOVERY_DATABASE} with (force)`);
  await admin.query(`create database ${DISCOVERY_DATABASE}`);
  await admin.end();
  const url = discoveryUrl();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    // Seed-session settings only: an asynchronous commit loses nothing but this seed on a crash.
    await client.query(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
    for (const [what, text] of statements()) {
      const t = performance.now();
      const res = await client.query(text);
      console.log(`  ${what}: ${res.rowCount ?? ''} rows in ${((performance.now() - t) / 1000).toFixed(1)} s (load ${load()})`);
    }
    const t = performance.now();
    await client.query('vacuum analyze');
    await client.query('checkpoint');
    console.log(`  vacuum analyze, checkpoint: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const counts = (await client.query(`select (select count(*) from businesses)::int as businesses,
        (select count(*) from businesses where business_type = 'restaurant')::int as restaurants,
        (select count(*) from businesses where latitude is not null)::int as located,
        (select count(*) from staff_members)::int as staff_members,
        (select count(*) from appointments)::int as appointments,
        (select count(*) from reviews)::int as reviews,
        (select count(*) from businesses where rating_count > 0)::int as rated,
        (select count(*) from businesses z where rating_count <> (select count(*) from reviews r where r.business_id = z.id))::int as rating_mismatches`)).rows[0] as Record<string, number>;
    return { url, seconds: (performance.now() - started) / 1000, counts };
  } finally {
    await client.end();
  }
}

export async function dropDiscovery() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DISCOVERY_DATABASE} with (force)`);
  await admin.end();
}

/** True when que_bench_discovery exists with the market in it (a run with KEEP=1 left it). */
export async function discoverySeeded(): Promise<boolean> {
  const client = new pg.Client({ connectionString: discoveryUrl() });
  try {
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from businesses`);
    return (rows[0] as { n: number }).n >= BUSINESSES;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`load average at start: ${load()}`);
  const result = await seedDiscovery();
  console.log(`seeded ${DISCOVERY_DATABASE} in ${result.seconds.toFixed(0)} s:`, result.counts, `load ${load()}`);
  if (process.env.KEEP !== '1') await dropDiscovery();
  else console.log(`kept ${DISCOVERY_DATABASE}`);
}
