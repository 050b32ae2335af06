import { sql } from 'drizzle-orm';

// The live queue as a follower of the change log (decision 0029, issue 28): a new booking joins its
// day's line in the booking's follow job (que_queue_follow_change), so the booking's own transaction
// writes no queue row and publishes no queue push.
/** Puts a booked appointment in its day's queue, in the change's follow statement (decision 0040); gives the line's live events to publish after the follow commits. */
export const queueFollowsChange = { sql: sql`que_queue_follow_change(c)` };
