// What the businesses feature offers routes and other features (decision 0017).
export { useCreateBusiness } from './api/create-business';
export { useCreateRestaurant } from './api/create-restaurant';
export { useBusiness } from './api/get-business';
export { useUpdateBusiness } from './api/update-business';
export { prefetchDirectory } from './api/prefetch-directory';
export { BusinessDetailsForm } from './components/business-details-form';
export { BusinessDirectory } from './components/business-directory';
export { earliestSlotLink, slotLink } from './components/earliest-slot';
export { OnboardingFlow } from './components/onboarding-flow';
export { RestaurantDetailsForm } from './components/restaurant-details-form';
