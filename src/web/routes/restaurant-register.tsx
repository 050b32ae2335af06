import { OnboardingFlow, RestaurantDetailsForm, useCreateRestaurant } from '@/features/businesses';
import { useDocumentTitle } from '@/lib/document-title';

export default function RestaurantRegisterRoute() {
  useDocumentTitle(['Register Restaurant']);
  const createRestaurant = useCreateRestaurant();
  return (
    <OnboardingFlow
      idPrefix="restaurant"
      title="Register your restaurant"
      description="Accept table reservations online; tables open every evening from 5 PM to 11 PM to start, and you can change that later."
      detailsLabel="Restaurant details"
      create={createRestaurant.mutateAsync}
      failureFallback="Failed to register restaurant. Please try again."
      successToast={(b) => ({ title: 'Restaurant Registered!', description: `${b.businessName} is now taking reservations.` })}
    >
      {(step) => <RestaurantDetailsForm {...step} />}
    </OnboardingFlow>
  );
}
