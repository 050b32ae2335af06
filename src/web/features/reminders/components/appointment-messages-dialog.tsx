import type { Appointment } from '@contract/appointments';
import type { ReminderStatus } from '@contract/reminders';
import { Badge, Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { formatInstant } from '@/lib/business-time';
import { errorMessage } from '@/lib/api-client';
import { useAppointmentReminders } from '../api/reminders';
import { offsetText } from './offset-text';

const variant: Record<ReminderStatus, 'secondary' | 'success' | 'warning' | 'outline'> = { planned: 'secondary', sent: 'success', skipped: 'warning', cancelled: 'outline' };

/** The owner's view of an appointment's reminder e-mails and their state (DESIGN section 11), and whether the customer confirmed. */
export function AppointmentMessagesDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const messages = useAppointmentReminders(appointment?.id ?? null);
  const zone = appointment?.timeZone;
  const data = messages.data;
  return (
    <Dialog open={appointment !== null} onOpenChange={(open) => !open && onClose()} title="Messages" description={appointment ? `Reminder e-mails to ${appointment.customerName ?? 'the customer'}, times in the business's zone.` : undefined}>
      {messages.isLoading ? (
        <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading messages"><Skeleton className="h-12" /><Skeleton className="h-12" /></div>
      ) : messages.error ? (
        <ErrorState title="Failed to load messages" message={errorMessage(messages.error, '')} onRetry={() => void messages.refetch()} />
      ) : data ? (
        <div className="space-y-3">
          <p className="text-sm" data-testid="customer-confirmed">
            {data.customerConfirmedAt ? `The customer confirmed they will come (${formatInstant(data.customerConfirmedAt, zone)}).` : 'The customer has not confirmed yet.'}
          </p>
          {data.reminders.length === 0 ? (
            <p className="text-sm text-slate-600">No reminders for this appointment.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {data.reminders.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 p-3 text-sm" data-testid="appointment-message">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">E-mail {offsetText(r.offsetMinutes)} before</span>
                    <Badge variant={variant[r.status]} className="capitalize">{r.status}</Badge>
                  </div>
                  <span className="text-slate-600">
                    {r.status === 'planned' ? `Goes ${formatInstant(r.dueAt, zone)}` : r.settledAt ? `${r.status[0].toUpperCase()}${r.status.slice(1)} ${formatInstant(r.settledAt, zone)}` : ''}
                    {r.reason ? ` · ${r.reason}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
