import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/features/auth';

/**
 * Booking needs a signed-in customer (SPEC section 5). Returns a check that, when signed out,
 * says so and sends the visitor to log in, coming back to `returnTo` afterwards.
 */
export function useSignInGate() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  return (returnTo: string): boolean => {
    if (user) return true;
    toast({ title: 'Authentication Required', description: 'Please log in to book an appointment.', variant: 'destructive' });
    void navigate(`/login?redirect=${encodeURIComponent(returnTo)}`);
    return false;
  };
}
