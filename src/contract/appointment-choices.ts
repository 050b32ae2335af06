// The fixed choices of an appointment, apart from its schemas: a screen that lists statuses or an
// offer's table preferences needs these words, not the contact schema's phone checking
// (libphonenumber-js, about 30 KB gzip), which importing appointments.ts brings along.

export const appointmentStatuses = ['confirmed', 'pending', 'cancelled', 'completed', 'no_show', 'held'] as const;
export const seatingPreferences = ['window', 'booth', 'patio', 'bar', 'quiet'] as const;
export const occasionTypes = ['birthday', 'anniversary', 'business', 'date', 'celebration'] as const;
