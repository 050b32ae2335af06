import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Appointment } from '@contract/appointments';
import { isValidDate } from '@contract/time';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { todayIso } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { errorMessage } from '@/lib/api-client';
import { ReviewDialog } from '@/features/reviews';
import { loadedItems } from '@/lib/paged-query';
import { useMyAppointments } from '../api/get-appointments';
import { AppointmentCard, mayReview } from './appointment-card';
import { AppointmentFilters, type StatusFilter } from './appointment-filters';
import { RescheduleDialog } from './reschedule-dialog';

/** The offers feature's dialog for moving an appointment back, given by the route that composes both. */
export type MoveBackDialogComponent = ComponentType<{ appointment: Appointment; onClose: () => void }>;
/** The offers feature's cancel dialog, which says what happens to the money of offers tied to the appointment. */
export type CancelDialogComponent = ComponentType<{ appointment: Appointment; onClose: () => void }>;

const byStart = (a: Appointment, b: Appointment) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

function Section({ title, items, more, onReschedule, onMoveBack, onCancel, onReview }: { title: string; items: Appointment[]; more: boolean; onReschedule: (a: Appointment) => void; onMoveBack: (a: Appointment) => void; onCancel: (a: Appointment) => void; onReview: (a: Appointment) => void }) {
  if (items.length === 0) return null;
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal">({items.length}{more ? '+' : ''})</span>
      </h2>
      {items.map((a) => (
        <AppointmentCard key={a.id} appointment={a} onReschedule={() => onReschedule(a)} onMoveBack={() => onMoveBack(a)} onCancel={() => onCancel(a)} onReview={() => onReview(a)} />
      ))}
    </section>
  );
}

/**
 * The signed-in customer's appointments: filter, reschedule, cancel, move back. They come latest start
 * first, a page at a time: pages are loaded until the past is reached, so every upcoming one is shown
 * (soonest first), and older ones on "Show more". Filters are sent to the server, so a match on a page
 * not loaded yet is found too.
 */
export function MyAppointments({ MoveBackDialog, CancelDialog }: { MoveBackDialog: MoveBackDialogComponent; CancelDialog: CancelDialogComponent }) {
  const [date, setDate] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const pages = useMyAppointments({ date: isValidDate(date) ? date : undefined, status: status === 'all' ? undefined : status });
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [movingBack, setMovingBack] = useState<Appointment | null>(null);
  const [reviewing, setReviewing] = useState<Appointment | null>(null);
  // A review request's link (the notification after a completed visit): /appointments?review=<id>
  // opens that visit's review dialog once it is loaded, while it may still be reviewed.
  const [search, setSearch] = useSearchParams();
  const reviewParam = search.get('review');

  const today = todayIso();
  const all = loadedItems(pages.data);
  const upcomingLoaded = !pages.hasNextPage || (all.length > 0 && all[all.length - 1].date < today);
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError, isPlaceholderData } = pages;
  useEffect(() => {
    if (!upcomingLoaded && !isFetchingNextPage && !isFetchNextPageError && !isPlaceholderData) void fetchNextPage();
  }, [upcomingLoaded, isFetchingNextPage, isFetchNextPageError, isPlaceholderData, fetchNextPage]);

  useEffect(() => {
    if (reviewParam === null || pages.isLoading) return;
    const asked = all.find((a) => String(a.id) === reviewParam);
    if (!asked && !upcomingLoaded) return; // its page may still be coming
    if (asked && mayReview(asked)) setReviewing(asked);
    setSearch((params) => {
      params.delete('review');
      return params;
    }, { replace: true });
  }, [reviewParam, all, upcomingLoaded, pages.isLoading, setSearch]);

  if (pages.isLoading) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading appointments">
        <Skeleton className="h-20" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (pages.error && !isFetchNextPageError) return <ErrorState title="Failed to load your appointments" message={errorMessage(pages.error, '')} onRetry={() => void pages.refetch()} />;

  const filtering = Boolean(date) || status !== 'all';
  if (all.length === 0 && !filtering) {
    return (
      <EmptyState title="No appointments yet" description="When you book an appointment or a table it shows up here.">
        <Button asChild>
          <Link to="/businesses">Browse Businesses</Link>
        </Button>
      </EmptyState>
    );
  }

  // The server filtered the pages; while another filter's pages load, the shown ones are filtered here.
  const filtered = all.filter((a) => (!date || a.date === date) && (status === 'all' || a.status === status));
  const active = (a: Appointment) => a.status === 'confirmed' || a.status === 'pending';
  const upcoming = filtered.filter((a) => active(a) && a.date >= today).sort(byStart);
  const past = filtered.filter((a) => !(active(a) && a.date >= today)).sort((a, b) => byStart(b, a));

  return (
    <div className="space-y-6">
      <AppointmentFilters date={date} status={status} onDateChange={setDate} onStatusChange={setStatus} />
      {filtered.length === 0 ? (
        // One 'Clear filters' button, the one beside the filters: the empty result points to it.
        <EmptyState title="No appointments match these filters" description="Try another date or status, or clear the filters above." />
      ) : (
        <>
          <Section title="Upcoming" items={upcoming} more={!upcomingLoaded} onReschedule={setRescheduling} onMoveBack={setMovingBack} onCancel={setCancelling} onReview={setReviewing} />
          <Section title="Past and cancelled" items={past} more={pages.hasNextPage} onReschedule={setRescheduling} onMoveBack={setMovingBack} onCancel={setCancelling} onReview={setReviewing} />
        </>
      )}
      <ShowMore query={pages} label="Show more appointments" />
      <RescheduleDialog appointment={rescheduling} onClose={() => setRescheduling(null)} />
      <ReviewDialog appointment={reviewing} onClose={() => setReviewing(null)} />
      {movingBack && (
        <Suspense fallback={null}>
          <MoveBackDialog key={movingBack.id} appointment={movingBack} onClose={() => setMovingBack(null)} />
        </Suspense>
      )}
      {cancelling && <CancelDialog key={cancelling.id} appointment={cancelling} onClose={() => setCancelling(null)} />}
    </div>
  );
}
