import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../contract/appointments.js';
import { buildHistory, HISTORY, nextLink, type PagedList, readAllPages, withQuery } from '../test/history-world.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { encodeCursor, PAGE_LIMIT } from './paging.js';

// DESIGN section 10's paging rule on every list that grows with a person's history, through the
// real app: keyset pages with `limit` and an opaque `cursor`, the next page in a Link header.

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildHistory>>;
beforeAll(async () => {
  ctx = await createTestApp({ OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  world = await buildHistory(ctx.app, ctx.database);
}, 120_000);
afterAll(() => ctx.close());

const lists = () => world.lists;
const all = async (list: PagedList) => (await readAllPages(world.alice, list, withQuery(list.url, 'limit=100'))).flat();

describe.each(['offers', 'credit transactions', 'notifications', 'own appointments'])('%s', (name) => {
  const list = () => lists().find((l) => l.name === name)!;

  it('pages reach every item exactly once, in the whole list’s order; a Link on every page but the last', async () => {
    const whole = await all(list());
    expect(whole.length).toBeGreaterThanOrEqual(HISTORY);
    expect(new Set(whole).size).toBe(whole.length);

    const pages = await readAllPages(world.alice, list(), withQuery(list().url, 'limit=7'));
    expect(pages.flat()).toEqual(whole);
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);

    const first = await world.alice.get(list().url);
    expect(list().ids(first.json())).toEqual(whole.slice(0, PAGE_LIMIT.default));
    expect(nextLink(first.headers.link)).toContain('cursor=');
    const last = await world.alice.get(withQuery(list().url, `limit=${PAGE_LIMIT.max}`));
    expect(last.headers.link).toBeUndefined();
  });

  it('items arriving between pages do not shift the next page', async () => {
    const before = await all(list());
    const first = await world.alice.get(withQuery(list().url, 'limit=5'));
    await list().add();
    const rest = (await readAllPages(world.alice, list(), nextLink(first.headers.link)!)).flat();
    const seen = [...list().ids(first.json()), ...rest];
    expect(seen).toEqual(before);
    expect((await all(list())).length).toBe(before.length + 1);
  });

  it('refuses a limit out of bounds or not a number, and a cursor it did not hand out, with 400 naming them', async () => {
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '', '1e1']) {
      const res = await world.alice.get(withQuery(list().url, `limit=${encodeURIComponent(limit)}`));
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^limit: /) });
    }
    for (const limit of ['1', '100']) expect((await world.alice.get(withQuery(list().url, `limit=${limit}`))).statusCode).toBe(200);

    // A real cursor, then ones made up from it: from another list, broken, tampered with.
    const next = nextLink((await world.alice.get(withQuery(list().url, 'limit=2'))).headers.link)!;
    const real = new URL(next, 'http://x').searchParams.get('cursor')!;
    const [tag, at, id] = JSON.parse(Buffer.from(real, 'base64url').toString()) as [string, string, number];
    const made = (...key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const forged = [
      'garbage',
      '!!!',
      'x'.repeat(400),
      made({ at, id }),
      made(tag, Date.parse(`${at}Z`), id),
      made(tag === 'offers' ? 'notifications' : 'offers', at, id),
      made(tag, at.replace(/^\d{4}-\d{2}-\d{2}/, '2026-02-30'), id),
      made(tag, at.slice(0, 19), id),
      made(tag, at, 0),
      made(tag, at, 2 ** 31),
      made(tag, at, id, 'extra'),
    ];
    for (const cursor of forged) {
      const res = await world.alice.get(withQuery(list().url, `cursor=${encodeURIComponent(cursor)}`));
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^cursor: /) });
    }
    expect((await world.alice.get(withQuery(list().url, `cursor=${encodeCursor(tag, { at, id })}`))).statusCode).toBe(200);
  });
});

describe('what a page keeps of the request', () => {
  it('the Link repeats the filters: offers for the user, appointments of a status or a date', async () => {
    const offers = await world.alice.get(`/api/queue-jump-offers?forUser=${world.alice.user.id}&limit=3`);
    expect(new URL(nextLink(offers.headers.link)!, 'http://x').searchParams.get('forUser')).toBe(String(world.alice.user.id));

    const cancelled = world.appointmentIds.slice(3, 9);
    for (const id of cancelled) expect((await world.alice.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const first = await world.alice.get('/api/appointments?status=cancelled&limit=4');
    const link = nextLink(first.headers.link)!;
    expect(link).toMatch(/^\/api\/appointments\?status=cancelled&limit=4&cursor=/);
    const pages = await readAllPages(world.alice, world.lists[3], '/api/appointments?status=cancelled&limit=4');
    expect(pages.flat().sort((a, b) => a - b)).toEqual([...cancelled].sort((a, b) => a - b));

    const day = ((await world.alice.get('/api/appointments?limit=100')).json() as Appointment[]).at(-1)!.date;
    const ofDay = (await readAllPages(world.alice, world.lists[3], `/api/appointments?date=${day}&limit=3`)).flat();
    const expected = ((await world.alice.get('/api/appointments?limit=100')).json() as Appointment[]).filter((a) => a.date === day).map((a) => a.id);
    expect(ofDay).toEqual(expected);
    expect((await world.alice.get('/api/appointments?status=done')).statusCode).toBe(400);
  });

  it('the unread count is of every notification, not of the page', async () => {
    const page = (await world.alice.get('/api/notifications?limit=2')).json() as { notifications: unknown[]; unread: number };
    expect(page.notifications).toHaveLength(2);
    expect(page.unread).toBeGreaterThanOrEqual(HISTORY);
    const read = await world.alice.post('/api/notifications/read-all');
    expect(read.json()).toMatchObject({ unread: 0 });
    expect(((await world.alice.get('/api/notifications?limit=2')).json() as { unread: number }).unread).toBe(0);
  });

  it('another person’s pages stay theirs: the cursor carries no identity', async () => {
    const next = nextLink((await world.alice.get('/api/notifications?limit=2')).headers.link)!;
    const bobs = await world.bob.get(next);
    expect(bobs.statusCode).toBe(200);
    const ids = (bobs.json() as { notifications: { id: number }[] }).notifications.map((n) => n.id);
    const alices = new Set(world.lists[2].ids((await world.alice.get('/api/notifications?limit=100')).json()));
    expect(ids.some((id) => alices.has(id))).toBe(false);
  });
});
