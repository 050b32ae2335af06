// What the profile feature offers routes (decision 0017): the signed-in user's contact details for
// bookings. Apart from auth, so that the phone checking it loads comes only with this screen.
export { ProfileForm } from './components/profile-form';
