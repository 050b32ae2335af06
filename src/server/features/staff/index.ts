// What the staff feature offers the rest of the app (decision 0017).
export { staffRoutes } from './staff.routes.js';
export { reassignAppointment, strandedAppointmentIds } from './stranded.repository.js';
