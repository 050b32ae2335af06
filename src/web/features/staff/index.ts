// What the staff feature offers routes and other features (decision 0017).
export { useAllBusinessStaff, useBusinessStaff } from './api/get-business-staff';
export { useStaffAvailability } from './api/get-availability';
export { StaffTab } from './components/staff-tab';
export { useCreateStaff } from './api/create-staff';
export { useUpdateStaff } from './api/update-staff';
export { useSetStaffHours } from './api/set-staff-hours';
export { useAddTimeOff } from './api/add-time-off';
export { useDeleteTimeOff } from './api/delete-time-off';
export { useDeactivateStaff } from './api/deactivate-staff';
export { useServiceStaff } from './api/use-service-staff';
export { type NextFree, nextFreeByMember, WhoChoice } from './components/who-choice';
