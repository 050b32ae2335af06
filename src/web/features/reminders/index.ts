// What the reminders feature offers routes and other features (decision 0017).
export { AppointmentMessagesDialog } from './components/appointment-messages-dialog';
export { ReminderLinkPage } from './components/reminder-link-page';
export { ReminderSettingsCard } from './components/reminder-settings-card';
