import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Appointment } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { BookingSummary, dateRow, timeRow, withRow } from './booking-summary';

/** The last step of both flows: what was booked (`staffName`: by whom, where the shop has a choice of staff), then the flow's own buttons. */
export function BookingConfirmation({ title, appointment, rows, staffName, children }: {
  title: string;
  appointment: Appointment;
  rows?: [string, React.ReactNode][];
  staffName?: string | null;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby="confirmation-title" className="mx-auto max-w-lg space-y-5 text-center">
      <CheckCircle2 className="mx-auto size-14 text-emerald-500" aria-hidden="true" />
      <div>
        <h2 id="confirmation-title" className="text-2xl font-bold">
          {title}
        </h2>
        <p className="mt-1 text-slate-600">
          You can see, reschedule or cancel it under{' '}
          <Link to="/appointments" className="font-medium text-brand-600 hover:underline">
            My Appointments
          </Link>
          .
        </p>
      </div>
      <div className="text-left">
        <BookingSummary
          rows={
            rows ?? [
              ['Service', appointment.serviceName],
              ...(staffName ? [withRow(staffName)] : []),
              dateRow(appointment.date),
              timeRow(appointment.time, appointment.timeZone),
              ['Duration', `${appointment.duration} minutes`],
              ['Price', formatPrice(appointment.price)],
            ]
          }
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">{children}</div>
    </section>
  );
}
