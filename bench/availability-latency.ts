/**
 * Slot-listing latency on PostgreSQL (DESIGN section 8): seeds 1,000 businesses and 10,000
 * appointments into a database of its own, then times listAvailableSlots for one day (target
 * p50 <= 5 ms) and the earliest-appointments computation over all businesses (target p50 <= 50 ms).
 *   npx tsx bench/availability-latency.ts      (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addDays } from '../src/contract/time.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { appointments, businesses, businessHours, restaurantTimeSlots, services, users } from '../src/server/db/schema.js';
import { listAvailableSlots } from '../src/server/features/availability/available-slots.js';
import { businessNow, wallClock } from '../src/server/features/availability/business-clock.js';
import { listEarliestAppointments } from '../src/server/features/availability/earliest.service.js';
import { withDatabase } from '../src/server/test/global-setup.js';

const BUSINESSES = 1000;
const RESTAURANT_SHARE = 0.3;
const APPOINTMENTS = 10_000;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo'];

let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed % n;
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

interface SeededBusiness { id: number; restaurant: boolean; timeZone: string; services: { id: number; duration: number }[] }

async function seedData(database: Database): Promise<SeededBusiness[]> {
  const db = database.db;
  const userRows = Array.from({ length: BUSINESSES + 200 }, (_, i) => ({
    username: `bench${i}`, email: `bench${i}@example.com`, passwordHash: 'x', userType: i < BUSINESSES ? 'business' : 'customer',
  }));
  const userIds: number[] = [];
  await insertChunked(userRows, async (chunk) => userIds.push(...(await db.insert(users).values(chunk).returning({ id: users.id })).map((r) => r.id)));
  const customers = userIds.slice(BUSINESSES);

  const seeded: SeededBusiness[] = [];
  const businessRows = userIds.slice(0, BUSINESSES).map((ownerId, i) => {
    const restaurant = i < BUSINESSES * RESTAURANT_SHARE;
    return {
      ownerId, businessName: `Business ${i}`, category: restaurant ? 'Restaurant' : 'Healthcare', businessType: restaurant ? 'restaurant' : 'service',
      timeZone: ZONES[i % ZONES.length],
      ...(restaurant ? { cuisineType: 'Italian', priceRange: '$$', maxPartySize: 8, reservationDuration: 120, seatingCapacity: 40 } : {}),
    };
  });
  await insertChunked(businessRows, async (chunk) => {
    const ids = await db.insert(businesses).values(chunk).returning({ id: businesses.id, type: businesses.businessType, timeZone: businesses.timeZone });
    for (const b of ids) seeded.push({ id: b.id, restaurant: b.type === 'restaurant', timeZone: b.timeZone, services: [] });
  });

  const serviceRows = seeded.flatMap((b) =>
    b.restaurant
      ? [{ businessId: b.id, name: 'Table reservation', duration: 120, priceCents: 0 }]
      : Array.from({ length: 1 + rand(3) }, (_, k) => ({ businessId: b.id, name: `Service ${k}`, duration: [20, 30, 45, 60, 90][rand(5)], priceCents: 2500 })),
  );
  const byId = new Map(seeded.map((b) => [b.id, b]));
  await insertChunked(serviceRows, async (chunk) => {
    for (const s of await db.insert(services).values(chunk).returning({ id: services.id, businessId: services.businessId, duration: services.duration })) {
      byId.get(s.businessId)!.services.push({ id: s.id, duration: s.duration });
    }
  });

  const hourRows = seeded.filter((b) => !b.restaurant).flatMap((b) =>
    [1, 2, 3, 4, 5, ...(rand(2) ? [6] : [])].map((dayOfWeek) => ({ businessId: b.id, dayOfWeek, openTime: '09:00', closeTime: '17:00' })),
  );
  await insertChunked(hourRows, (chunk) => db.insert(businessHours).values(chunk));
  const slotRows = seeded.filter((b) => b.restaurant).flatMap((b) =>
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ businessId: b.id, dayOfWeek, startTime: '17:00', endTime: '23:00', intervalMinutes: 30, isActive: true })),
  );
  await insertChunked(slotRows, (chunk) => db.insert(restaurantTimeSlots).values(chunk));

  // Appointments over the coming 30 days; service businesses never overlap (the exclusion constraint).
  const taken = new Set<string>();
  const appointmentRows: (typeof appointments.$inferInsert)[] = [];
  while (appointmentRows.length < APPOINTMENTS) {
    const b = seeded[rand(seeded.length)];
    const date = addDays(businessNow(b.timeZone).date, rand(30));
    const service = b.services[0];
    const start = b.restaurant ? 17 * 60 + 30 * rand(12) : 9 * 60 + 30 * rand(14);
    const duration = b.restaurant ? 120 : 60;
    if (!b.restaurant) {
      const keys = [0, 30].map((m) => `${b.id} ${date} ${start + m}`);
      if (keys.some((k) => taken.has(k))) continue;
      keys.forEach((k) => taken.add(k));
    }
    appointmentRows.push({
      businessId: b.id, serviceId: service.id, customerId: customers[rand(customers.length)],
      startsAt: wallClock(date, start), endsAt: wallClock(date, start + duration), duration, priceCents: 0,
      status: rand(10) === 0 ? 'cancelled' : 'confirmed', exclusive: !b.restaurant, partySize: b.restaurant ? 1 + rand(6) : 1,
      customerName: 'Bench', customerEmail: 'bench@example.com', customerPhone: '555',
    });
  }
  await insertChunked(appointmentRows, (chunk) => db.insert(appointments).values(chunk));
  await db.execute('analyze');
  return seeded;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return `p50 ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   p99 ${at(0.99).toFixed(2)} ms   (n=${samples.length})`;
}

async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * CPU the PostgreSQL backend spends per call, from /proc (local server only): on a shared machine
 * wall-clock time mostly measures the neighbours, this does not. null when /proc is not readable.
 */
async function serverCpuPerCall(url: string, calls: number, fn: (db: Database['db']) => Promise<unknown>): Promise<number | null> {
  const one = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const pid = ((await one.db.execute('select pg_backend_pid() as pid')) as unknown as { rows: { pid: number }[] }).rows[0].pid;
    const ticks = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    await fn(one.db);
    const before = ticks();
    for (let i = 0; i < calls; i++) await fn(one.db);
    return ((ticks() - before) * 10) / calls; // 100 ticks per second on Linux
  } catch {
    return null;
  } finally {
    await one.close();
  }
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `que_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 4 });
  try {
    console.log(`load average at start: ${load()} (this machine's cores are shared; wall-clock numbers include waiting for them)`);
    await database.migrate();
    const seedStart = performance.now();
    const seeded = await seedData(database);
    console.log(`seeded ${BUSINESSES} businesses (${seeded.filter((b) => b.restaurant).length} restaurants) and ${APPOINTMENTS} appointments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const oneDay = () => {
      const b = seeded[rand(seeded.length)];
      const date = addDays(businessNow(b.timeZone).date, rand(30));
      return { b, run: () => listAvailableSlots(database.db, { businessId: b.id, date, serviceId: b.services[rand(b.services.length)].id }) };
    };
    for (let i = 0; i < 300; i++) await oneDay().run();
    const all: number[] = [];
    const perKind = { service: [] as number[], restaurant: [] as number[] };
    let slotsSeen = 0;
    for (let i = 0; i < 3000; i++) {
      const { b, run } = oneDay();
      const ms = await time(async () => {
        slotsSeen += (await run()).length;
      });
      all.push(ms);
      perKind[b.restaurant ? 'restaurant' : 'service'].push(ms);
    }
    console.log(`listAvailableSlots, one day       ${stats(all)}   target p50 <= 5 ms`);
    console.log(`  service businesses              ${stats(perKind.service)}`);
    console.log(`  restaurants                     ${stats(perKind.restaurant)}   (${(slotsSeen / all.length).toFixed(1)} slots per answer)`);

    let items = 0;
    for (let i = 0; i < 3; i++) await listEarliestAppointments(database.db);
    const earliest: number[] = [];
    for (let i = 0; i < Number(process.env.BENCH_EARLIEST_RUNS ?? 40); i++) earliest.push(await time(async () => void (items = (await listEarliestAppointments(database.db)).length)));
    console.log(`earliest-appointments, all        ${stats(earliest)}   target p50 <= 50 ms   (${items} items)`);

    const dbUrl = withDatabase(url, name);
    const day = addDays(businessNow('America/New_York').date, 1);
    const slotsCpu = await serverCpuPerCall(dbUrl, 2000, (db) => listAvailableSlots(db, { businessId: seeded[rand(seeded.length)].id, date: day }));
    const earliestCpu = await serverCpuPerCall(dbUrl, 40, (db) => listEarliestAppointments(db));
    if (slotsCpu !== null && earliestCpu !== null) {
      console.log(`PostgreSQL backend CPU per call: listAvailableSlots ${slotsCpu.toFixed(2)} ms, earliest-appointments ${earliestCpu.toFixed(1)} ms`);
    }
    console.log(`load average at end: ${load()}`);
  } finally {
    await database.close();
    // BENCH_KEEP=1 leaves the database for EXPLAIN; drop it by hand afterwards.
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
