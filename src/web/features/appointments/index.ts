// What the appointments feature offers routes and other features (decision 0017): import these, never a file inside.
export { useCompleteAppointment } from './api/complete-appointment';
export { useMarkNoShow } from './api/mark-no-show';
export { DepositLine } from './components/deposit-line';
export { useCreateAppointment } from './api/create-appointment';
export { businessAppointmentsFilteredQueryOptions, useBusinessAppointments, useBusinessAppointmentsFiltered, useMyAppointmentsOn } from './api/get-appointments';
export { type RestaurantReservation, useRestaurantReservations } from './api/get-restaurant-reservations';
export { useUpdateAppointment } from './api/update-appointment';
export { BusinessAccountNote } from './components/business-account-note';
export { type CancelDialogComponent, type MoveBackDialogComponent, MyAppointments } from './components/my-appointments';
export { SignedOutView } from './components/signed-out-view';
