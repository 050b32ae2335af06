import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { forgetSession, logout } from '../api/logout';

/**
 * Sign out from any page and land on the home page with 'Signed out'. The session is forgotten only
 * once the home page is on screen: a protected page still showing would otherwise react to the
 * sign-out by sending you to the login form. Call it in a component that stays mounted (the shell).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    forgetSession(queryClient);
    toast({ title: 'Signed out' });
  }, [leaving, pathname, queryClient]);

  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      setLeaving(true);
      void navigate('/');
    },
    onError: (error) => toast({ title: 'Sign out failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  return { signOut: () => mutation.mutate(), pending: mutation.isPending || leaving };
}
