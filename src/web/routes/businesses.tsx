import { BusinessDirectory } from '@/features/businesses/components/business-directory';
import { useDocumentTitle } from '@/lib/document-title';

export default function BusinessesRoute() {
  useDocumentTitle(['Businesses']);
  return <BusinessDirectory />;
}
