import { BusinessDirectory } from '@/features/businesses';
import { useDocumentTitle } from '@/lib/document-title';

export default function BusinessesRoute() {
  useDocumentTitle(['Businesses']);
  return <BusinessDirectory />;
}
