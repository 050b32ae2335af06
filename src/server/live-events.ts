import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db/client.js';
import { cachedSql } from './db/prepared.js';
import { isTransaction } from './db/unit-of-work.js';

// The port every feature publishes live events to (bookings, queue calls, notifications). It is shared,
// like db/, so no feature depends on features/live: the socket layer there LISTENs on this channel and
// depends on the features whose events it shapes, never the other way round (decision 0017).

/** The one PostgreSQL channel every app process LISTENs on for live events. */
export const LIVE_CHANNEL = 'que_live';

/**
 * Who may receive an event: the socket layer delivers it only to sockets whose user is listed, or
 * that subscribed to the business-day and may read it (see features/live).
 */
export const liveEventSchema = z.object({
  type: z.enum(['queue_update', 'queue_status_update', 'notification', 'session_ended', 'offer_changed', 'waitlist_changed']),
  /** Users who may receive it in full (the customer, the business owner). */
  userIds: z.array(z.number().int()),
  /** For business-day subscribers: the queue of this business on this date (waitlist_changed: the day whose waitlist changed, told to its owner, `userIds`). */
  businessId: z.number().int().optional(),
  date: z.string().optional(),
  /** Ids to load and shape per recipient when delivering (payloads stay small: NOTIFY carries 8 KB). */
  queueEntryId: z.number().int().optional(),
  notificationId: z.number().int().optional(),
  /** For offer_changed: the offer; its two customers are `userIds`. */
  offerId: z.number().int().optional(),
  /** For session_ended: the hash of the session that ended; absent, every session of `userIds` ended. */
  sessionHash: z.string().optional(),
  /**
   * For a queue event: the entry's start time on `date` before and after the change (null: not in
   * that day's line). The entries ranked between the two moved by one place, and are pushed too.
   */
  line: z.object({ from: z.string().nullable(), to: z.string().nullable() }).optional(),
});

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type QueueLineChange = NonNullable<LiveEvent['line']>;

/**
 * Publishes a live event with pg_notify inside the changing transaction: PostgreSQL delivers it to
 * every listening process only if and when that transaction commits.
 */
export async function publishLive(tx: Db, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

// que_publish sends each event with pg_notify, in order. A notifying transaction
// holds a cluster-wide lock from just before its commit until the commit is flushed, so a booking
// that notified flushed the WAL one booking at a time. Events of work that has committed already
// go out in a transaction of their own that notifies and does not wait for the disk: it writes
// nothing that a crash could lose, and the lock is held for microseconds.
const publishCommitted = cachedSql('que_publish_committed', sql`select set_config('synchronous_commit', 'off', true), que_publish(${sql.placeholder('events')}::jsonb)`);
const publishInTransaction = cachedSql('que_publish', sql`select que_publish(${sql.placeholder('events')}::jsonb)`);

interface Outbox {
  events: LiveEvent[];
  onErrors: ((error: unknown) => void)[];
  draining?: Promise<void>;
}
const outboxes = new WeakMap<Db, Outbox>();

/**
 * Publishes the live events a one-call use case returned (que_book_returning_events). Inside a
 * transaction they go out when it commits, as publishLive's do. On the pool the call has committed,
 * so they are queued and sent after the current tick, together with those of every other request
 * that committed meanwhile, in one statement (order kept): a busy process sends one publish for many
 * bookings. Live delivery is best effort, as when the
 * listening connection is down: a failure is reported to onError, never thrown.
 */
export function publishLiveEvents(db: Db, events: LiveEvent[], onError: (error: unknown) => void = () => {}): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  if (isTransaction(db)) return publishInTransaction(db, { events: JSON.stringify(events) }).then(() => undefined);
  let outbox = outboxes.get(db);
  if (!outbox) outboxes.set(db, (outbox = { events: [], onErrors: [] }));
  outbox.events.push(...events);
  outbox.onErrors.push(onError);
  return (outbox.draining ??= drain(db, outbox));
}

async function drain(db: Db, outbox: Outbox): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (outbox.events.length > 0) {
    const events = outbox.events.splice(0);
    const onErrors = outbox.onErrors.splice(0);
    await publishCommitted(db, { events: JSON.stringify(events) }).catch((error: unknown) => onErrors.forEach((report) => report(error)));
  }
  outbox.draining = undefined;
}

/** Resolves once every queued event of this Db has been sent (the app waits for it before closing the database). */
export const drainLiveEvents = (db: Db): Promise<void> => outboxes.get(db)?.draining ?? Promise.resolve();
