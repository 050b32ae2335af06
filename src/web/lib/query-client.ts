import { QueryClient } from '@tanstack/react-query';

// SPEC section 9: no automatic retry, no refetch interval or on focus, data never stale;
// mutations invalidate what they change.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
