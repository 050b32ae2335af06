// What the offers feature offers routes and other features (decision 0017). The dialogs are meant to be
// loaded lazily: import('@/features/offers').then((m) => ({ default: m.QueueJumpDialog })).
export { swapsByAppointment, useBusinessSwaps } from './api/get-business-swaps';
// Cancelling from My Appointments and from the dashboard (side="business": the owner's words for the money).
export { default as CancelAppointmentDialog } from './components/cancel-appointment-dialog';
export { default as MoveBackDialog } from './components/move-back-dialog';
export { OffersSection } from './components/offers-section';
export { default as QueueJumpDialog } from './components/queue-jump-dialog';
export { default as RestaurantSkipDialog } from './components/restaurant-skip-dialog';
