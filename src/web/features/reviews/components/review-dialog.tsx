import { useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { RULES } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateReview } from '../api/reviews';
import { StarInput } from './star-input';

function ReviewForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReview();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rating === 0) {
      setError('Choose a rating from 1 to 5 stars.');
      return;
    }
    setError(null);
    create.mutate(
      { appointmentId: appointment.id, review: { rating, text } },
      {
        onSuccess: () => {
          toast({ title: 'Thanks for your review', description: `Your ${rating}-star review of ${appointment.businessName} is published.` });
          onDone();
        },
        onError: (e) => setError(errorMessage(e, 'Your review could not be sent. Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <StarInput value={rating} onChange={(n) => { setRating(n); setError(null); }} />
      <div>
        <label htmlFor="review-text" className="text-sm font-medium text-slate-900">
          Tell others about it <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <Textarea id="review-text" className="mt-1" rows={5} value={text} maxLength={RULES.reviewTextMax} onChange={(e) => setText(e.target.value)} aria-describedby="review-text-count" />
        <p id="review-text-count" className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
          {text.length}/{RULES.reviewTextMax}
        </p>
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Not now
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Publish review'}
        </Button>
      </div>
    </form>
  );
}

/** "How was it?": the customer rates a completed visit; Escape, the close button or "Not now" close it. */
export function ReviewDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  return (
    <Dialog
      open={appointment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="How was it?"
      description={appointment ? `${appointment.serviceName} at ${appointment.businessName}, ${formatLongDate(appointment.date)}` : undefined}
    >
      {appointment && <ReviewForm key={appointment.id} appointment={appointment} onDone={onClose} />}
    </Dialog>
  );
}
