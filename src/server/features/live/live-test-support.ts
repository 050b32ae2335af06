import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ServerMessage } from '../../../contract/live.js';
import type { Database } from '../../db/client.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { type LiveEvent, publishLive } from '../../live-events.js';
import { type ClientSocket, WebSocketClient } from './ws-client.js';

export const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** A connected socket that records every message, with waits that fail after a deadline. */
export class LiveClient {
  readonly messages: ServerMessage[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: ClientSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(port: number, headers: Record<string, string> = {}, options: { autoPong?: boolean } = {}): Promise<LiveClient> {
    const socket = new WebSocketClient(`ws://127.0.0.1:${port}/ws`, { headers: { origin: `http://127.0.0.1:${port}`, ...headers }, ...options });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveClient(socket);
  }

  /** The HTTP status a refused upgrade was answered with. */
  static async refusal(port: number, headers: Record<string, string>): Promise<number> {
    const socket = new WebSocketClient(`ws://127.0.0.1:${port}/ws`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('open', () => reject(new Error('upgrade was accepted')));
      socket.once('error', () => {});
    });
  }

  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from `from` on) matching, within `ms`. */
  async next<T extends ServerMessage['type']>(type: T, ms = 1_000, from = 0): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.slice(from).find((message) => message.type === type);
      if (found) return found as Extract<ServerMessage, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${ms} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async subscribe(message: object) {
    const from = this.messages.length;
    this.send({ type: 'subscribe', ...message });
    await this.next('subscribed', 1_000, from);
  }

  close() {
    this.socket.close();
  }
}

export const sessionHeaders = (client: { cookie: string }) => ({ cookie: client.cookie });

/**
 * A business with a booked appointment and its queue entry. Rows are written here, and the event
 * published by the test, so the socket layer is tested on its own whatever the queue feature does.
 */
export async function queueWorld(app: FastifyInstance, database: Database) {
  const { owner, businessId, serviceId } = await serviceBusiness(app);
  const customer = await signUp(app);
  const other = await signUp(app);
  const date = upcomingWeekday(3);
  const booked = await book(customer, { businessId, serviceId, date, time: '10:00' });
  if (booked.statusCode !== 201) throw new Error(`booking failed: ${booked.body}`);
  const appointmentId = booked.json().id as number;
  const result = (await database.db.execute(sql`
    insert into queue_entries (appointment_id, business_id, service_id, customer_id, starts_at)
    values (${appointmentId}, ${businessId}, ${serviceId}, ${customer.user.id}, ${`${date} 10:00:00`})
    on conflict (appointment_id) do update set updated_at = now()
    returning id`)) as unknown as { rows: { id: number }[] };
  const queueEntryId = result.rows[0].id;
  const event: LiveEvent = { type: 'queue_update', userIds: [customer.user.id, owner.user.id], businessId, date, queueEntryId };
  return { owner, customer, other, businessId, serviceId, date, appointmentId, queueEntryId, event };
}

/** Publishes inside a transaction, as features do; `rollback` aborts it after publishing. */
export async function publishInTransaction(database: Database, event: LiveEvent, { rollback = false } = {}) {
  await database.db
    .transaction(async (tx) => {
      await publishLive(tx, event);
      if (rollback) throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}
class RolledBack extends Error {}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let markers = 0;
/**
 * Resolves once every live event committed before this call has been dispatched to `socket` (whose
 * session is `userId`'s): the dispatcher handles events one at a time in commit order, so an offer_changed
 * marker published now, once it reaches the socket, proves nothing published earlier is still on its way.
 * A test that checks that something was NOT pushed waits for this instead of a fixed time. `others`: sockets
 * to make sure of too, by a ping and its pong after the marker.
 */
export async function everythingDelivered(database: Database, socket: LiveClient, userId: number, others: LiveClient[] = []) {
  const offerId = 2_000_000_000 + ++markers;
  const from = socket.messages.length;
  await publishInTransaction(database, { type: 'offer_changed', userIds: [userId], offerId });
  const deadline = Date.now() + 10_000;
  while (!socket.messages.slice(from).some((m) => m.type === 'offer_changed' && m.offerId === offerId)) {
    await socket.next('offer_changed', Math.max(1, deadline - Date.now()), socket.messages.length);
  }
  // Other sockets (an anonymous one cannot be sent the marker): whatever was written to them before the
  // marker was, is ahead of the pong to a ping sent now on the same connection.
  for (const other of others.filter((o) => o !== socket)) {
    const since = other.messages.length;
    other.send({ type: 'ping' });
    await other.next('pong', 10_000, since);
  }
}

/**
 * A test file's app, listening for sockets from before its tests until after them; `connect` opens a
 * signed-in client's socket, closed with the app.
 */
export function listeningTestApp() {
  let ctx: TestContext | undefined;
  let port = 0;
  const open: LiveClient[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(ctx.app);
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await ctx?.close();
  });
  return {
    get ctx(): TestContext {
      if (!ctx) throw new Error('the app is made in beforeAll');
      return ctx;
    },
    async connect(client: { cookie: string }) {
      const socket = await LiveClient.open(port, sessionHeaders(client));
      open.push(socket);
      return socket;
    },
  };
}
