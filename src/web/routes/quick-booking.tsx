import type { QueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { EarliestGrid, prefetchQuickBooking } from '@/features/booking';
import { useDocumentTitle } from '@/lib/document-title';

/** Before the first render of a page that opens here (router.tsx): the list the page preloaded. */
export const prefetch = (client: QueryClient) => prefetchQuickBooking(client, location.search);

export default function QuickBookingRoute() {
  useDocumentTitle(['Earliest Available Appointments']);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <header className="mb-6">
        <p className="flex items-center gap-1.5 text-sm font-semibold uppercase tracking-wide text-brand-600">
          <Zap className="size-4" aria-hidden="true" />
          Skip the Line
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Earliest Available Appointments</h1>
        <p className="mt-2 text-slate-600">The soonest free slot at every business, soonest first. Pick a date, a time and a party to see who is free then; each time shown books in one tap.</p>
      </header>
      <EarliestGrid />
    </div>
  );
}
