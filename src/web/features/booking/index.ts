// What the booking feature offers routes (decision 0017).
export { AppointmentBooking } from './components/appointment-booking';
export { EarliestGrid } from './components/earliest-grid';
export { RestaurantBooking } from './components/restaurant-booking';
export { prefetchQuickBooking } from './lib/prefetch-quick-booking';
