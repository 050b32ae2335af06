import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session, User } from '@contract/auth';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in user, or null when signed out. Asked of GET /api/session, which answers 200 either way,
 * so a signed-out page logs no failed request (GET /api/user keeps SPEC's 401 for other clients).
 */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user(),
    queryFn: async (): Promise<User | null> => (await apiGet<Session>('/api/session')).user,
  });

export const useUser = () => useQuery(userQueryOptions());
