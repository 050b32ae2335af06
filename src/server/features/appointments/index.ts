// What the appointments feature offers the rest of the app (decision 0017): other features and the
// composition (app.ts, seed) import these, never a file inside.
export { appointmentsRoutes } from './appointments.routes.js';
export { type AppointmentRow, appointmentRowSchema } from './appointment-row.js';
export { cancelAsBusiness } from './cancel-appointment.js';
export { requireOwnAppointment } from './own-appointment.js';
export { readAppointments } from './trade-appointments.js';
export { cancelAsItsCustomer, confirmAttendance } from './confirm-attendance.js';
export { toAppointment } from './appointment-view.js';
