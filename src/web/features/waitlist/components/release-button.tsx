import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useReleaseToWaitlist } from '../api/waitlist';

/**
 * "Release to the waitlist" (DESIGN section 11), for a confirmed booking inside its cancel cut-off:
 * it is cancelled and its time offered to the people waiting. Confirmed first, stating what follows.
 */
export function ReleaseButton({ appointmentId }: { appointmentId: number }) {
  const [open, setOpen] = useState(false);
  const release = useReleaseToWaitlist();
  return (
    <>
      <Button variant="outline" size="sm" className="min-h-11 sm:min-h-9" onClick={() => setOpen(true)}>
        Release to the waitlist
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Release this booking to the waitlist?"
        description="It is cancelled now and its time offered to the people waiting. If one of them claims it, your cancellation counts as on time; if nobody does before the start, it counts as a late cancellation under the business's policy."
        confirmLabel="Release it"
        busy={release.isPending}
        onConfirm={() =>
          release.mutate(appointmentId, {
            onSuccess: () => toast({ title: 'Released to the waitlist', description: 'We will offer your time to the people waiting.' }),
            onError: (error) => toast({ title: 'Could not release it', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setOpen(false),
          })
        }
      />
    </>
  );
}
