import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { recheckSessionAfter401 } from '@/lib/session-expiry';

// Any query or mutation answered 401 checks whether the session has ended (lib/session-expiry.ts).
const onError = (error: unknown) => void recheckSessionAfter401(queryClient, error);

// SPEC section 9: no automatic retry, no refetch interval or on focus, data never stale;
// mutations invalidate what they change.
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
