// What the reminders feature offers the rest of the app (decisions 0017, 0031): its routes, the
// change log's follower, the send job, and the link key.
export { remindersFollowChange } from './reminders.repository.js';
export { reminderLinkKey } from './reminder-links.js';
export { remindersRoutes } from './reminders.routes.js';
export { reminderJobs, SEND_REMINDER } from './send-reminders.js';
