import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast-store';
import { apiPost, errorMessage } from '@/lib/api-client';
import { setSessionUser, setSigningOut } from '@/lib/session-store';

/**
 * Sign out from any page and land on the home page with 'Signed out'. The session is forgotten only
 * once the home page is on screen: a protected page still showing would otherwise react to the
 * sign-out by sending you to the login form. Call it in a component that stays mounted (the shell).
 * No TanStack Query here: the shell is on the home page's first load (DESIGN section 8); the query
 * cache, if a screen loaded it, is cleared through lib/query-layer's chunk.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    setSessionUser(null);
    // Still signing out until the old user's data is forgotten: a 401 before then would otherwise put
    // 'Authentication Required' in place of 'Signed out' (one toast at a time).
    void Promise.all([import('@/lib/forget-session'), import('@/lib/query-client')])
      .then(([{ forgetSession }, { queryClient }]) => forgetSession(queryClient))
      .finally(() => setSigningOut(false));
    toast({ title: 'Signed out' });
  }, [leaving, pathname]);

  const signOut = () => {
    setSending(true);
    // A screen's refetch answered 401 between the logout and the home page would otherwise read as a
    // session ended elsewhere: 'Authentication Required', and the protected page sending you to /login.
    setSigningOut(true);
    apiPost<void>('/api/logout').then(
      () => {
        setSending(false);
        setLeaving(true);
        void navigate('/');
      },
      (error: unknown) => {
        setSending(false);
        setSigningOut(false);
        toast({ title: 'Sign out failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    );
  };
  return { signOut, pending: sending || leaving };
}
