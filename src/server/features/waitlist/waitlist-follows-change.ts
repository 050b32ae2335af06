import type { Db } from '../../db/client.js';
import type { LiveEvent } from '../../live-events.js';
import type { SlotRules } from '../availability/index.js';
import type { Change } from '../changes/index.js';
import { notify } from '../notifications/index.js';
import { waitlistChanged } from './waitlist-live.js';
import { callFollow, findHoldNotice, freedTimeFollower, HOLD_KINDS } from './waitlist.repository.js';

// The waitlist follows the change log (decision 0029), in each change's follow job:
// - time freed on a day (cancelled, released, moved away, a hold lapsed) is offered to that day's
//   waiting entries, oldest first, as holds (que_waitlist_follow), each hold a change 'held';
// - a hold ('held') is told to its customer in the bell and over /ws (the e-mail follows the same
//   change: que_hold_email); a hold that lapsed unclaimed is told too.
// The web app refetches the waitlist on each notification it is pushed; the owner's view of the day
// on the waitlist_changed event a hold or a lapse returns (waitlist-live.ts).
// Two followers (decision 0040): in the change's follow statement, every other change's freed time
// offered; in code after it, a hold's or a lapse's notice, then its follow (a lapse frees the time).

export function waitlistFollowsChange(rules: SlotRules, now: () => Date) {
  const offerFreedTime = freedTimeFollower(rules.restaurantHorizonDays);
  const follow = async (tx: Db, change: Change): Promise<LiveEvent[] | void> => {
    const hold = change.appointmentId === null ? undefined : await findHoldNotice(tx, change.appointmentId);
    if (!hold) return;
    const offered = change.kind === 'held';
    await notify(tx, {
      userId: hold.userId,
      kind: offered ? 'waitlist_offered' : 'waitlist_expired',
      title: offered ? 'A time opened for you' : 'Your held time has passed on',
      body: offered
        ? `${hold.serviceName} at ${hold.businessName}, ${hold.slot}, is held for you until ${hold.until}. Claim it before then.`
        : `${hold.serviceName} at ${hold.businessName}, ${hold.slot}, was not claimed in time and went to the next person waiting.`,
      link: '/waitlist',
      appointmentId: change.appointmentId,
    });
    await callFollow(tx, { changeId: change.id, horizon: rules.restaurantHorizonDays, now: now().toISOString() });
    // The entry was offered, or passed on: the owner's view of that day follows.
    return [waitlistChanged(hold.ownerId, hold.businessId, hold.date)];
  };
  return [offerFreedTime, { kinds: HOLD_KINDS, follow }] as const;
}
