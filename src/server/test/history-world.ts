import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { book, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { grantCredit } from '../features/offers/test-fixtures.js';
import { queryRows, signUp, type TestClient } from './test-app.js';

// A customer with a history longer than a page in each of the lists that grow with it (DESIGN
// section 10): own appointments, the notifications they brought, credit movements, and offers sent
// and received. Ties in the sort key are made on purpose: the id must break them.

export const HISTORY = 30;

/** One list as a client reads it: its URL and the ids of a page's body, in order. */
export interface PagedList {
  name: string;
  url: string;
  ids(body: unknown): number[];
  /** Adds one item to the list (as the app would), for the tests of rows arriving between pages. */
  add(): Promise<void>;
}

const idsOf = (items: unknown) => (items as { id: number }[]).map((i) => i.id);

export async function buildHistory(app: FastifyInstance, database: Database) {
  const [alice, bob] = [await signUp(app), await signUp(app)];
  // Half a world apart: the same wall-clock starts are different instants, so alice keeps to one place
  // at a time (appointments_one_place) while her list, ordered by wall-clock start, still has ties.
  const shops = [await serviceBusiness(app), await serviceBusiness(app, {}, { timeZone: 'Asia/Tokyo' })];
  const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
  const slots: { shop: (typeof shops)[number]; date: string; time: string }[] = [];
  // The same times at the two shops on one day: equal starts, which only the id orders.
  for (let i = 0; slots.length < HISTORY; i++) for (const shop of shops) slots.push({ shop, date: upcomingWeekday(3, Math.floor(i / times.length)), time: times[i % times.length] });
  const appointmentIds: number[] = [];
  for (const { shop, date, time } of slots.slice(0, HISTORY)) {
    const res = await book(alice, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
    expect(res.statusCode, res.body).toBe(201);
    appointmentIds.push(res.json().id);
  }
  const bobs = await book(bob, { businessId: shops[0].businessId, serviceId: shops[0].serviceId, date: upcomingWeekday(3), time: '14:00' });
  const bobAppointmentId = bobs.json().id as number;
  for (let i = 0; i < HISTORY; i++) await grantCredit(database, alice.user.id, 100 + i);

  // Closed offers both ways between two appointments, written in one statement: one created_at for all.
  const addOffers = (count: number) =>
    queryRows(
      database,
      `insert into offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind,
                           offer_cents, status, escrow_status, settled_at, expires_at)
       select case when i % 2 = 0 then ${alice.user.id} else ${bob.user.id} end, case when i % 2 = 0 then ${bob.user.id} else ${alice.user.id} end,
              case when i % 2 = 0 then ${appointmentIds[0]} else ${bobAppointmentId} end, case when i % 2 = 0 then ${bobAppointmentId} else ${appointmentIds[0]} end,
              'queue_jump', 'credits', 'service', 500 + i, 'declined', 'refunded', now(), now()
         from generate_series(1, ${count}) i`,
    );
  await addOffers(HISTORY);

  // Later days than any of the history's: a booking that sorts first in the latest-start-first list.
  let lateDay = 5;
  const lists: PagedList[] = [
    { name: 'offers', url: `/api/queue-jump-offers?forUser=${alice.user.id}`, ids: idsOf, add: () => addOffers(1).then(() => undefined) },
    { name: 'credit transactions', url: `/api/credits/${alice.user.id}/transactions`, ids: idsOf, add: () => grantCredit(database, alice.user.id, 7) },
    {
      name: 'notifications',
      url: '/api/notifications',
      ids: (body) => idsOf((body as { notifications: unknown }).notifications),
      add: async () => void (await book(alice, { businessId: shops[1].businessId, serviceId: shops[1].serviceId, date: upcomingWeekday(3, 0), time: '16:00' })),
    },
    {
      name: 'own appointments',
      url: '/api/appointments',
      ids: idsOf,
      add: async () => {
        const res = await book(alice, { businessId: shops[0].businessId, serviceId: shops[0].serviceId, date: upcomingWeekday(3, lateDay++), time: '09:00' });
        expect(res.statusCode, res.body).toBe(201);
      },
    },
  ];
  return { alice, bob, shops, appointmentIds, lists };
}

/** The next page's URL from a Link header (RFC 8288), or null when there is none. */
export function nextLink(link: string | string[] | undefined): string | null {
  if (link === undefined) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  expect(match, `Link: ${link}`).not.toBeNull();
  return match![1];
}

/** Follows Link headers from `url` to the last page; the ids of each page. */
export async function readAllPages(client: TestClient, list: PagedList, url: string): Promise<number[][]> {
  const pages: number[][] = [];
  for (let next: string | null = url; next; ) {
    const res = await client.get(next);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(list.ids(res.json()));
    next = nextLink(res.headers.link);
    expect(pages.length, 'pages never end').toBeLessThan(100);
  }
  return pages;
}

export const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
