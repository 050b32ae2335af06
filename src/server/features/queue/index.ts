// What the queue feature offers the rest of the app (decision 0017).
export type { RankedEntryRow } from './queue.repository.js';
export { queueRoutes } from './queue.routes.js';
export { loadEntryAndDayLine } from './queue.service.js';
export { entriesMovedBy, mayReadPersonal, toQueueEntry } from './queue-view.js';
export { queueFollowsChange } from './queue.repository.js';
