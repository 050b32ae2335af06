import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The one PostgreSQL channel every app process LISTENs on for live events. */
export const LIVE_CHANNEL = 'que_live';

/**
 * Who may receive an event: the socket layer delivers it only to sockets whose user is listed, or
 * that subscribed to the business-day and may read it (see features/live).
 */
export interface LiveEvent {
  type: 'queue_update' | 'queue_status_update' | 'notification';
  /** Users who may receive it in full (the customer, the business owner). */
  userIds: number[];
  /** For business-day subscribers: the queue of this business on this date. */
  businessId?: number;
  date?: string;
  /** Ids to load and shape per recipient when delivering (payloads stay small: NOTIFY carries 8 KB). */
  queueEntryId?: number;
  notificationId?: number;
  /**
   * For a queue event: the entry's start time on `date` before and after the change (null: not in
   * that day's line). The entries ranked between the two moved by one place, and are pushed too.
   */
  line?: QueueLineChange;
}

export interface QueueLineChange {
  from: string | null;
  to: string | null;
}

/**
 * Publishes a live event with pg_notify inside the changing transaction: PostgreSQL delivers it to
 * every listening process only if and when that transaction commits.
 */
export async function publishLive(tx: Db, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
