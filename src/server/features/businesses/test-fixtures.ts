import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { addDays, dayOfWeek } from '../../../contract/time.js';
import type { Database } from '../../db/client.js';
import { queryRows, signUp, type TestClient } from '../../test/test-app.js';

// A small directory for the discovery tests (DESIGN section 10): service businesses and restaurants
// in New York, some placed on the map, some rated, with names that test search.

export const ZONE = 'America/New_York';

/** The instant a New York wall-clock time is (the zone's offset found by trying both). */
export function newYork(date: string, time: string): Date {
  for (const offset of ['-05:00', '-04:00']) {
    const at = new Date(`${date}T${time}:00${offset}`);
    const back = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    if (back.replace(',', '') === `${date} ${time}`) return at;
  }
  throw new Error(`no such New York time ${date} ${time}`);
}

/** A Monday at least a week ahead: the tests' "now" is 10:00 that day, New York time. */
export function testMonday(): string {
  let date = addDays(new Date().toISOString().slice(0, 10), 8);
  while (dayOfWeek(date) !== 1) date = addDays(date, 1);
  return date;
}

export interface Listed {
  id: number;
  name: string;
  owner: TestClient;
  serviceId: number;
}

/** A service business (Mon-Fri 09:00-17:00) with one 30-minute service. */
export async function addService(app: FastifyInstance, fields: Record<string, unknown>): Promise<Listed> {
  const owner = await signUp(app, 'business');
  const res = await owner.post('/api/businesses', { category: 'Healthcare', timeZone: ZONE, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const service = await owner.post(`/api/businesses/${id}/services`, { name: 'Checkup', duration: 30, price: '40.00' });
  expect(service.statusCode, service.body).toBe(201);
  return { id, name: fields.businessName as string, owner, serviceId: service.json().id };
}

/** A restaurant (17:00-23:00 every day) with its table service. */
export async function addRestaurant(app: FastifyInstance, database: Database, fields: Record<string, unknown>): Promise<Listed> {
  const owner = await signUp(app, 'business');
  const res = await owner.post('/api/restaurants', { cuisineType: 'Italian', priceRange: '$$', timeZone: ZONE, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const [service] = await queryRows<{ id: number }>(database, `select id from services where business_id = ${id}`);
  return { id, name: fields.businessName as string, owner, serviceId: Number(service.id) };
}

/** Gives a business a rating as the reviews feature keeps it (that feature writes these columns). */
export async function rate(database: Database, id: number, count: number, total: number) {
  const average = count ? Math.round((total / count) * 10) / 10 : null;
  await queryRows(database, `update businesses set rating_count = ${count}, rating_total = ${total}, rating_average = ${average ?? 'null'} where id = ${id}`);
}
