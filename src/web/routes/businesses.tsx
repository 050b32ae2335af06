import { BusinessDirectory } from '@/features/businesses/components/business-directory';

export default function BusinessesRoute() {
  return <BusinessDirectory />;
}
