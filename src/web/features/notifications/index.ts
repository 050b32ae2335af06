// What the notifications feature offers the app shell (decision 0017).
export { NotificationBell } from './components/notification-bell';
