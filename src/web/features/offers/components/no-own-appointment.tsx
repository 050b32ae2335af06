import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';

/**
 * Skip the Line needs an appointment of one's own that day to trade (DESIGN section 6). Explained,
 * with the way forward: book a time that day (the booking page at that date), then come back.
 */
export function NoOwnAppointment({ businessId, serviceId, date, onDone }: { businessId: number; serviceId?: number; date: string; onDone: () => void }) {
  const booking = new URLSearchParams({ businessId: String(businessId), ...(serviceId ? { serviceId: String(serviceId) } : {}), date });
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>To skip the line you first need an appointment of your own here on {formatLongDate(date)}.</p>
      <p>Book any free slot that day, then come back and offer to jump ahead of an earlier appointment.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Got it
        </Button>
        <Button asChild>
          {/* Closing as it navigates: the booking page may be the one underneath, already at that date. */}
          <Link to={`/book-appointment?${booking}`} onClick={onDone}>
            Book a time that day
          </Link>
        </Button>
      </div>
    </div>
  );
}
