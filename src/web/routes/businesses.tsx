import type { QueryClient } from '@tanstack/react-query';
import { BusinessDirectory, prefetchDirectory } from '@/features/businesses';
import { useDocumentTitle } from '@/lib/document-title';

/** Before the first render of a page that opens here (router.tsx): the lists the page preloaded. */
export const prefetch = (client: QueryClient) => prefetchDirectory(client, location.search);

export default function BusinessesRoute() {
  useDocumentTitle(['Businesses']);
  return <BusinessDirectory />;
}
