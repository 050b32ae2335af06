import { CalendarDays, Clock, DollarSign, ListChecks } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { formatCents } from '@contract/money';
import type { Service } from '@contract/services';
import { Card, Skeleton } from '@/components/ui/card';
import { todayIso } from '@/components/ui/calendar';
import { computeStats } from '../lib/stats';

function Stat({ icon: Icon, label, value, hint }: { icon: typeof Clock; label: string; value: React.ReactNode; hint: string }) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <Icon className="size-5 text-brand-500" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
    </Card>
  );
}

/** The four headline numbers, all computed from the business's real appointments and services. */
export function StatCards({ appointments, services, loading, timeZone }: { appointments: Appointment[]; services: Service[]; loading: boolean; timeZone: string }) {
  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="status" aria-busy="true" aria-label="Loading statistics">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  const stats = computeStats(appointments, services, todayIso(timeZone));
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat icon={CalendarDays} label="Today's appointments" value={stats.todays} hint="not counting cancelled" />
      <Stat icon={ListChecks} label="Total services" value={stats.services} hint="offered now" />
      <Stat icon={DollarSign} label="Revenue (completed)" value={formatCents(stats.revenueCents)} hint="sum of completed appointments' prices" />
      <Stat icon={Clock} label="Avg. service duration" value={stats.averageDuration === null ? '—' : `${stats.averageDuration} min`} hint="across your services" />
    </div>
  );
}
