// What the availability feature offers routes and other features (decision 0017).
export { useBlockDate } from './api/block-date';
export { type TimeSlotInput, useCreateTimeSlot } from './api/create-time-slot';
export { useDeleteTimeSlot } from './api/delete-time-slot';
export { useAvailableSlots } from './api/get-available-slots';
export { type OpenDaysQuery, useNextOpenDay, useOpenDays } from './api/get-open-days';
export { useBlockedDates } from './api/get-blocked-dates';
export { useBusinessEarliest } from './api/get-business-earliest';
export { useBusinessHours } from './api/get-business-hours';
export { EARLIEST_PAGE, earliestAppointmentPagesOptions, earliestAppointmentsQueryOptions, earliestAppointmentsUrl, useEarliestAppointmentPages, useEarliestAppointments } from './api/get-earliest-appointments';
export { useTimeSlots } from './api/get-time-slots';
export { useUnblockDate } from './api/unblock-date';
export { useUpdateBusinessHours } from './api/update-business-hours';
export { useUpdateTimeSlot } from './api/update-time-slot';
