import { Timer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useClaimWaitlistOffer } from '../api/waitlist';
import { formatCountdown, useCountdown } from './use-countdown';

/** Claim a held time in one tap, with the time left; past the hold it says so (the server has the last word). */
export function ClaimButton({ entryId, expiresAt }: { entryId: number; expiresAt: string }) {
  const claim = useClaimWaitlistOffer();
  const left = useCountdown(expiresAt);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        className="min-h-11"
        disabled={claim.isPending || left === 0}
        onClick={() =>
          claim.mutate(entryId, {
            onSuccess: () => toast({ title: 'Booked', description: 'The time is yours: it is in My Appointments.' }),
            onError: (error) => toast({ title: 'Could not claim it', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        {claim.isPending ? 'Claiming…' : 'Claim'}
      </Button>
      <span className="flex items-center gap-1 text-sm font-medium text-amber-800" role="timer" aria-live="off" data-testid="claim-countdown">
        <Timer className="size-4" aria-hidden="true" />
        {left > 0 ? `${formatCountdown(left)} left` : 'Hold ended'}
      </span>
    </div>
  );
}
