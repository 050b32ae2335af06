import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueEntry, ServerMessage } from '../../../contract/live.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { completeVisit, createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { everythingDelivered, LiveClient, portOf, sessionHeaders } from './live-test-support.js';

// DESIGN section 7: when a change moves others in a day's line, each of them is pushed too (to the
// business-day's subscribers, and to their own "my entries" sockets), each shaped for who reads it.

let ctx: TestContext;
let port: number;
const open: LiveClient[] = [];
const connect = async (client?: Client) => {
  const socket = await LiveClient.open(port, client ? sessionHeaders(client) : {});
  open.push(socket);
  return socket;
};

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(ctx.app);
});
afterAll(async () => {
  for (const client of open) client.close();
  await ctx?.close();
});

type Pushed = Extract<ServerMessage, { type: 'queue_update' | 'queue_status_update' }>;
const pushes = (socket: LiveClient, from: number): QueueEntry[] =>
  socket.messages.slice(from).filter((m): m is Pushed => m.type === 'queue_update' || m.type === 'queue_status_update').map((m) => m.queueEntry);
/** A signed-in socket and its user, to carry everythingDelivered's marker. */
let marker: { socket: LiveClient; userId: number; all: LiveClient[] };
/** Waits until the socket has received, since `from`, entries for exactly these ids (in any order), and until a stray could not still be on its way. */
async function received(socket: LiveClient, from: number, ids: number[]) {
  await expect.poll(() => new Set(pushes(socket, from).map((e) => e.id)), { timeout: 2_000 }).toEqual(new Set(ids));
  await everythingDelivered(ctx.database, marker.socket, marker.userId, marker.all);
  return pushes(socket, from);
}
const last = (entries: QueueEntry[], id: number) => entries.filter((e) => e.id === id).at(-1)!;

describe('a change that moves others in the line', () => {
  it('pushes every entry whose place changed, and nothing else, each only as its reader may see it', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(4);
    const [ann, ben, cal, dot] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const at = async (client: Client, time: string) => {
      const res = await book(client, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    await at(ann, '10:00');
    await at(ben, '11:00');
    const calAppointment = await at(cal, '12:00');
    const line = (await ann.get(`/api/queue/${shop.businessId}/${shop.serviceId}/${date}/10:00`)).json() as QueueEntry[];
    const [annEntry, benEntry, calEntry] = line.map((e) => e.id);

    const [annOwn, benOwn, calOwn, board, owners] = [await connect(ann), await connect(ben), await connect(cal), await connect(), await connect(shop.owner)];
    for (const socket of [annOwn, benOwn, calOwn]) await socket.subscribe({ customer: true });
    await board.subscribe({ businessId: shop.businessId, date });
    await owners.subscribe({ businessId: shop.businessId, date });
    marker = { socket: owners, userId: shop.owner.user.id, all: [annOwn, benOwn, calOwn, board, owners] };

    // Dot books 10:30: Ben and Cal move back one place; Ann does not move.
    let from = [annOwn, benOwn, calOwn, board, owners].map((s) => s.messages.length);
    const dotAppointment = await at(dot, '10:30');
    const dotEntry = ((await dot.get(`/api/queue/customer/${dot.user.id}`)).json() as QueueEntry[])[0].id;
    const boardSaw = await received(board, from[3], [dotEntry, benEntry, calEntry]);
    expect(last(boardSaw, benEntry)).toMatchObject({ queuePosition: 3, customerId: null, isMine: false, appointmentId: null });
    expect(last(boardSaw, calEntry)).toMatchObject({ queuePosition: 4, customerId: null, isMine: false });
    expect(last(boardSaw, dotEntry)).toMatchObject({ queuePosition: 2, customerId: null });
    expect(await received(benOwn, from[1], [benEntry])).toEqual([expect.objectContaining({ id: benEntry, queuePosition: 3, isMine: true, customerId: ben.user.id })]);
    expect(await received(calOwn, from[2], [calEntry])).toEqual([expect.objectContaining({ id: calEntry, queuePosition: 4, isMine: true })]);
    expect(pushes(annOwn, from[0])).toEqual([]);
    const ownerSaw = await received(owners, from[4], [dotEntry, benEntry, calEntry]);
    expect(last(ownerSaw, benEntry)).toMatchObject({ customerId: ben.user.id, isMine: false });
    for (const entry of boardSaw) expect(entry.estimatedWaitMinutes).toBeGreaterThan(0);

    // Cal moves to 09:00: everyone ahead of Cal's old place moves back one.
    from = [annOwn, benOwn, calOwn, board, owners].map((s) => s.messages.length);
    expect((await cal.patch(`/api/appointments/${calAppointment}`, { date, time: '09:00' })).statusCode).toBe(200);
    const moved = await received(board, from[3], [calEntry, annEntry, dotEntry, benEntry]);
    expect([annEntry, dotEntry, benEntry, calEntry].map((id) => last(moved, id).queuePosition)).toEqual([2, 3, 4, 1]);
    expect(await received(annOwn, from[0], [annEntry])).toEqual([expect.objectContaining({ queuePosition: 2, isMine: true })]);

    // Dot cancels: those behind Dot (Ben) move up; Ann and Cal do not.
    from = [annOwn, benOwn, calOwn, board, owners].map((s) => s.messages.length);
    expect((await dot.patch(`/api/appointments/${dotAppointment}`, { status: 'cancelled' })).statusCode).toBe(200);
    const afterCancel = await received(board, from[3], [dotEntry, benEntry]);
    expect(last(afterCancel, dotEntry)).toMatchObject({ status: 'cancelled', queuePosition: null });
    expect(last(afterCancel, benEntry)).toMatchObject({ queuePosition: 3 });
    expect(await received(benOwn, from[1], [benEntry])).toEqual([expect.objectContaining({ queuePosition: 3 })]);
    expect(pushes(annOwn, from[0])).toEqual([]);
    expect(pushes(calOwn, from[2])).toEqual([]);

    // The owner calls Cal (the head): nobody's place changes, so only Cal's entry is pushed.
    from = [annOwn, benOwn, calOwn, board, owners].map((s) => s.messages.length);
    expect((await shop.owner.post(`/api/queue/${calEntry}/call`)).statusCode).toBe(200);
    expect((await received(board, from[3], [calEntry])).map((e) => e.status)).toEqual(['called']);
    expect(pushes(annOwn, from[0])).toEqual([]);
    expect(pushes(benOwn, from[1])).toEqual([]);

    // Completing Cal moves Ann and Ben up.
    from = [annOwn, benOwn, calOwn, board, owners].map((s) => s.messages.length);
    expect((await completeVisit(shop.owner, calAppointment)).statusCode).toBe(200);
    const afterServe = await received(board, from[3], [calEntry, annEntry, benEntry]);
    expect([calEntry, annEntry, benEntry].map((id) => last(afterServe, id).queuePosition)).toEqual([null, 1, 2]);
    expect(await received(annOwn, from[0], [annEntry])).toEqual([expect.objectContaining({ queuePosition: 1 })]);
    expect(await received(benOwn, from[1], [benEntry])).toEqual([expect.objectContaining({ queuePosition: 2 })]);
  });
});
