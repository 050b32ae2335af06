import { BusinessDetailsForm, OnboardingFlow, useCreateBusiness } from '@/features/businesses';
import { useDocumentTitle } from '@/lib/document-title';

export default function BusinessRegisterRoute() {
  useDocumentTitle(['Register Business']);
  const createBusiness = useCreateBusiness();
  return (
    <OnboardingFlow
      idPrefix="business"
      title="Register your business"
      description="Take bookings online and let customers trade slots instead of waiting."
      detailsLabel="Business details"
      create={createBusiness.mutateAsync}
      failureFallback="Failed to create your business account"
      successToast={(b) => ({ title: 'Business Registered!', description: `${b.businessName} is registered. Add a service to be listed in the directory.` })}
    >
      {(step) => <BusinessDetailsForm {...step} />}
    </OnboardingFlow>
  );
}
