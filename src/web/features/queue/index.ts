// What the queue feature offers routes and other features (decision 0017).
export { useCallNextQueueEntry } from './api/call-next-queue-entry';
export { useCallQueueEntry } from './api/call-queue-entry';
export { useBusinessQueueToday } from './api/get-business-queue-today';
export { default as LiveQueueStatusCard } from './components/live-queue-status-card';
export { QueueDashboard } from './components/queue-dashboard';
export { QueueStatusBadge } from './components/queue-status-badge';
export { linePerMember, lineText, ordinal } from './lib/line-text';
export { isEarlyCall, punctualityText } from './lib/punctuality';
export { isActive } from './lib/queue-list';
export { describeWait } from './lib/wait-text';
