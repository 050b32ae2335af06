// What the availability feature offers the rest of the app (decision 0017).
export { availabilityRoutes } from './availability.routes.js';
export { type AvailableSlotsQuery, type ClosedDay, type SlotRules, slotRules, slotsOfDay, slotsOfDayWithStaff } from './available-slots.js';
export { earliestJobs, earliestTasks, startEarliestRefresher } from './earliest-refresher.js';
export { earliestFollowsChange } from './earliest.repository.js';
export { withZoneFallback } from './slots.repository.js';
