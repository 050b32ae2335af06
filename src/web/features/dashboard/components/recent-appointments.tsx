import type { Appointment } from '@contract/appointments';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { todayIso } from '@/components/ui/calendar';
import { inOwnerOrder } from '../lib/owner-order';
import { AppointmentRow } from './appointment-row';

export const RECENT_COUNT = 10;

/** The ten most recently booked appointments, in time order (today's and the coming days' first, then the past). */
export function RecentAppointments({ appointments, loading, timeZone }: { appointments: Appointment[]; loading: boolean; timeZone: string }) {
  const booked = [...appointments].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_COUNT);
  const recent = inOwnerOrder(booked, todayIso(timeZone));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent appointments</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading recent appointments">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : recent.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No appointments yet. New bookings show up here.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {recent.map((a) => (
              <AppointmentRow key={a.id} appointment={a} compact />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
