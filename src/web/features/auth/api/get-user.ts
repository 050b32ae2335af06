import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { ApiError, apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or null when signed out (a 401 is an answer, not an error). */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user(),
    queryFn: async (): Promise<User | null> => {
      try {
        return await apiGet<User>('/api/user');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

export const useUser = () => useQuery(userQueryOptions());
