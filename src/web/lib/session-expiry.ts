import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@contract/auth';
import { toast } from '@/lib/toast-store';
import { ApiError, apiGet } from '@/lib/api-client';
import { forgetSession } from '@/lib/forget-session';
import { queryKeys } from '@/lib/query-keys';
import { isSigningOut } from '@/lib/session-store';

let checking = false;

/**
 * A request answered 401 while the page thinks someone is signed in: the session may have ended (expired,
 * signed out on another tab or everywhere). Ask GET /api/session rather than trust the 401 (a wrong
 * password on /login is a 401 too); if nobody is signed in any more, the page says so and shows its
 * signed-out view, instead of error cards with a 'Try again' that can only fail again. Not while this tab
 * signs out on purpose: that sign-out lands on the home page with 'Signed out' itself (app/use-sign-out.ts).
 */
export async function recheckSessionAfter401(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401 || checking || isSigningOut()) return;
  if (!queryClient.getQueryData(queryKeys.user())) return;
  checking = true;
  try {
    const { user } = await apiGet<Session>('/api/session');
    if (user !== null || isSigningOut() || !queryClient.getQueryData(queryKeys.user())) return;
    forgetSession(queryClient);
    toast({ title: 'Authentication Required', description: 'Your session has ended. Please sign in again.', variant: 'destructive' });
  } catch {
    // The check itself failed (offline): leave the page as it is; its own error says what failed.
  } finally {
    checking = false;
  }
}
