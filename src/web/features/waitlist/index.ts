// What the waitlist feature offers screens and other features (decision 0017).
export { JoinWaitlistForm } from './components/join-waitlist-form';
export { BusinessWaitlistPanel } from './components/business-waitlist-panel';
export { HeldAppointmentClaim, MyWaitlist } from './components/my-waitlist';
export { useReleaseToWaitlist } from './api/waitlist';
export { ReleaseButton } from './components/release-button';
