import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { User } from '@contract/auth';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { getSessionUser, setSessionUser } from '@/lib/session-store';

// TanStack Query in its own chunk, loaded with the first screen that needs it (router.tsx) and by the
// signed-in bell, so the home page of a signed-out visitor does without it (DESIGN section 8).
// The user query starts from what the session probe learned and from then on tells the header.
const known = getSessionUser();
if (known !== undefined && queryClient.getQueryData(queryKeys.user()) === undefined) queryClient.setQueryData(queryKeys.user(), known);
queryClient.getQueryCache().subscribe(({ query }) => {
  if (query.queryKey[0] === queryKeys.user()[0] && query.state.status === 'success') setSessionUser((query.state.data as User | null | undefined) ?? null);
});

export default function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
