// What the staff feature offers routes and other features (decision 0017).
export { useAllBusinessStaff, useBusinessStaff } from './api/get-business-staff';
export { useStaffAvailability } from './api/get-availability';
