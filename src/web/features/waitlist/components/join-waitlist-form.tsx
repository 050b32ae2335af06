import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { joinWaitlistSchema } from '@contract/waitlist';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatTime12h } from '@contract/time';
import { formatClock, zoneNote } from '@/lib/business-time';
import { useJoinWaitlist } from '../api/waitlist';
import { WindowFields } from './window-fields';

/**
 * "Notify me if something opens between 9 and 12" (DESIGN section 11), beside a full day's next free
 * day: the customer picks the window and joins the waitlist for that date. Signed out, it asks to sign in.
 */
export function JoinWaitlistForm({ businessId, serviceId, staffId, partySize, date, timeZone, signedIn }: {
  businessId: number;
  serviceId: number;
  staffId?: number | null;
  partySize?: number;
  date: string;
  timeZone: string;
  signedIn: boolean;
}) {
  const [fromTime, setFrom] = useState('09:00');
  const [toTime, setTo] = useState('12:00');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinWaitlist();
  if (!signedIn) {
    return (
      <p className="text-sm text-slate-600">
        <Link to="/login" className="font-medium text-brand-600 hover:underline">Sign in</Link> to be told when a time opens on this day.
      </p>
    );
  }
  if (join.isSuccess) {
    return (
      <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status" data-testid="waitlist-joined">
        You are on the waitlist for {formatLongDate(date)} between {formatClock(fromTime, timeZone)} and {formatClock(toTime, timeZone)}. If a time opens we hold it for you
        for 10 minutes and tell you here, in the bell and by e-mail. <Link to="/waitlist" className="font-medium underline">My waitlist</Link>
      </p>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { businessId, serviceId, date, fromTime, toTime, ...(staffId ? { staffId } : {}), ...(partySize ? { partySize } : {}) };
    const checked = joinWaitlistSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please check the times');
    setError(null);
    join.mutate(body, {
      onSuccess: () => toast({ title: 'You are on the waitlist', description: `We will tell you if a time opens on ${formatLongDate(date)}.` }),
      onError: (e) => setError(errorMessage(e, 'Could not join the waitlist')),
    });
  };
  return (
    <form onSubmit={submit} className="w-full max-w-sm space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-left" aria-label="Notify me if something opens" data-testid="join-waitlist">
      <p className="text-sm font-medium text-slate-800">Notify me if something opens on this day</p>
      {zoneNote(timeZone) && <p className="text-xs text-slate-600">{zoneNote(timeZone)}</p>}
      <WindowFields idPrefix="waitlist" fromTime={fromTime} toTime={toTime} onFrom={setFrom} onTo={setTo} />
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
      <Button type="submit" variant="outline" className="h-auto min-h-11 w-full whitespace-normal py-2" disabled={join.isPending}>
        <BellPlus aria-hidden="true" />
        {join.isPending ? 'Joining…' : `Notify me between ${formatTime12h(fromTime)} and ${formatTime12h(toTime)}`}
      </Button>
    </form>
  );
}
