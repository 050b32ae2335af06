// What the notifications feature offers the rest of the app (decision 0017).
export { notificationsRoutes } from './notifications.routes.js';
export { countUnread, findNotification, type NotificationRow } from './notifications.repository.js';
/** The change log's follower (decision 0029): the notices a change gives, with their live events. */
export { changeNotices as noticesFollowChange } from './notifications.repository.js';
export { notify, toNotification } from './notifications.service.js';
