import { clientMessageSchema } from '../../../contract/live.js';
import { isValidDate } from '../../../contract/time.js';
import { z } from 'zod';
import type { LiveConnection } from './live-connection.js';
import type { LiveRegistry } from './live-registry.js';

const MAX_MESSAGE_CHARS = 1_000;

// The contract's discriminatedUnion repeats "subscribe"/"unsubscribe", which zod 4 rejects when it
// parses; a plain union of the same member schemas accepts exactly the same messages.
const clientMessage = z.union(clientMessageSchema.options);

function parse(data: unknown, isBinary: boolean) {
  if (isBinary) return { error: 'Messages must be JSON text' };
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
  if (text.length > MAX_MESSAGE_CHARS) return { error: 'Message too long' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'Messages must be JSON' };
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) {
    return { error: 'Unknown message: send {"type":"subscribe","businessId":N,"date":"YYYY-MM-DD"}, {"type":"subscribe","customer":true}, unsubscribe likewise, or ping' };
  }
  return { message: parsed.data };
}

/** Answers one client frame. A bad frame gets an error frame; the socket stays open. */
export function handleClientFrame(registry: LiveRegistry, connection: LiveConnection, data: unknown, isBinary: boolean): void {
  const { message, error } = parse(data, isBinary);
  if (!message) return connection.send({ type: 'error', message: error });
  if (message.type === 'ping') return connection.send({ type: 'pong' });

  if ('customer' in message) {
    if (message.type === 'unsubscribe') {
      connection.customer = false;
      return connection.send({ type: 'unsubscribed', customer: true });
    }
    // Your own entries need to know who you are; signed out there is nothing of yours to follow.
    if (!connection.user) return connection.send({ type: 'error', message: 'Sign in to follow your own queue entries' });
    if (!connection.customer && connection.subscriptionCount >= connection.limits.maxSubscriptions) {
      return connection.send({ type: 'error', message: `At most ${connection.limits.maxSubscriptions} subscriptions per connection` });
    }
    connection.customer = true;
    return connection.send({ type: 'subscribed', customer: true });
  }

  const { businessId, date } = message;
  if (message.type === 'unsubscribe') {
    registry.unsubscribeBusinessDay(connection, businessId, date);
    return connection.send({ type: 'unsubscribed', businessId, date });
  }
  if (!isValidDate(date)) return connection.send({ type: 'error', message: 'date must be a real day (YYYY-MM-DD)' });
  const already = registry.subscribersOf(businessId, date).has(connection);
  if (!already && connection.subscriptionCount >= connection.limits.maxSubscriptions) {
    return connection.send({ type: 'error', message: `At most ${connection.limits.maxSubscriptions} subscriptions per connection` });
  }
  registry.subscribeBusinessDay(connection, businessId, date);
  connection.send({ type: 'subscribed', businessId, date });
}
