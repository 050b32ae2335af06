import type { LinkState, ReminderLink } from '@contract/reminders';
import { CalendarCheck, CalendarX, Clock, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';
import { formatShortDate } from '@/components/ui/calendar';
import { useReminderLink, useReminderLinkAction } from '../api/reminders';

// The page a reminder's link opens (DESIGN section 11): it works without signing in. Opening it
// changes nothing (mail scanners open links too); the button does what the link is for, once.

const closedText: Record<Exclude<LinkState, 'ready'>, { title: string; text: string }> = {
  used: { title: 'This link has been used', text: 'It did what it was for already; nothing more was changed.' },
  expired: { title: 'This link has expired', text: 'Reminder links work until the appointment they were sent for starts (a moved appointment gets new links).' },
  closed: { title: 'This appointment is no longer confirmed', text: 'It was cancelled or has ended, so this link changes nothing.' },
  invalid: { title: 'This link is not valid', text: 'It may have been changed or cut short. Open the link from your e-mail exactly as it is.' },
};

const doneText = { confirm: 'Thank you: the business knows you are coming.', cancel: 'Your appointment is cancelled. The business has been told.' } as const;

export function ReminderLinkPage({ token }: { token: string }) {
  const link = useReminderLink(token);
  const action = useReminderLinkAction(token);
  if (link.isLoading) return <Skeleton className="mx-auto mt-8 h-48 max-w-lg" aria-busy="true" aria-label="Loading" />;
  if (link.error || !link.data) return <ErrorState title="Could not open this link" message={errorMessage(link.error, '')} onRetry={() => void link.refetch()} />;
  const data: ReminderLink = link.data;
  const a = data.appointment;
  const when = a ? `${a.serviceName} at ${a.businessName}, ${formatShortDate(a.date)} at ${formatClock(a.time, a.timeZone)}` : '';
  const done = action.isSuccess && data.purpose && data.purpose !== 'reschedule';
  const refused = action.error instanceof ApiError ? action.error : null;

  let title: string; let text: string; let Icon = Clock;
  if (done) {
    title = data.purpose === 'confirm' ? 'Attendance confirmed' : 'Appointment cancelled';
    text = doneText[data.purpose as 'confirm' | 'cancel'];
    Icon = data.purpose === 'confirm' ? CalendarCheck : CalendarX;
  } else if (data.state !== 'ready') {
    ({ title, text } = closedText[data.state]);
    Icon = data.state === 'invalid' ? ShieldAlert : Clock;
  } else if (data.purpose === 'confirm') {
    title = 'Confirm your appointment'; text = 'Let the business know you will come.'; Icon = CalendarCheck;
  } else if (data.purpose === 'cancel') {
    title = 'Cancel your appointment'; text = 'This cannot be undone. Your booking policies apply (a cancellation cut-off may stop it).'; Icon = CalendarX;
  } else {
    title = 'Reschedule your appointment'; text = 'Picking a new time needs you to sign in to Que, as the customer who booked. Your appointment stays as it is until you choose.'; Icon = Clock;
  }

  return (
    <div className="mx-auto max-w-lg p-4 sm:p-6">
      <Card data-testid="reminder-link">
        <CardHeader>
          <Icon className="size-8 text-brand-700" aria-hidden="true" />
          {/* The page's own heading: the link opens this page alone. */}
          <h1 className="text-xl font-semibold leading-tight text-slate-900">{title}</h1>
          <CardDescription>{text}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {a && <p className="text-sm font-medium text-slate-900" data-testid="reminder-link-appointment">{when}</p>}
          {refused && <p role="alert" className="text-sm text-red-600">{refused.serverMessage ?? refused.message}</p>}
          {!done && data.state === 'ready' && data.purpose === 'confirm' && (
            <Button className="min-h-11 w-full sm:w-auto" disabled={action.isPending} onClick={() => action.mutate()}>{action.isPending ? 'Confirming…' : 'Yes, I will come'}</Button>
          )}
          {!done && data.state === 'ready' && data.purpose === 'cancel' && (
            <Button variant="destructive" className="min-h-11 w-full sm:w-auto" disabled={action.isPending} onClick={() => action.mutate()}>{action.isPending ? 'Cancelling…' : 'Cancel my appointment'}</Button>
          )}
          {data.state === 'ready' && data.purpose === 'reschedule' && (
            <Button asChild className="min-h-11 w-full sm:w-auto"><Link to="/login?redirect=%2Fappointments">Sign in and pick a new time</Link></Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
