// What the live feature offers other features (decision 0017): the socket, its state, and how a pushed
// message changes the query caches. It depends on no feature.
export { applyLiveMessage, type NotificationPages, type NotificationsData } from './apply-live-message';
export { ConnectionStatus } from './connection-status';
export { liveSocket, type Subscription } from './live-socket';
export { retainForUser } from './retain-for-user';
export { useLiveConnection } from './use-live-connection';
