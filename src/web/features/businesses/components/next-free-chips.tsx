import type { Business } from '@contract/businesses';
import { addDays, dayOfWeek, formatTime12h, isValidDate, MONTH_NAMES, WEEKDAY_NAMES } from '@contract/time';
import { Link } from 'react-router';
import { todayIso } from '@/components/ui/calendar';
import { zoneNote } from '@/lib/business-time';
import { slotLink } from './earliest-slot';

/** "Today", "Tomorrow", else "Thu, Nov 27": a day on the business's own calendar. */
export function chipDay(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  if (!isValidDate(date)) return date;
  return `${WEEKDAY_NAMES[dayOfWeek(date)].slice(0, 3)}, ${MONTH_NAMES[Number(date.slice(5, 7)) - 1].slice(0, 3)} ${Number(date.slice(8, 10))}`;
}

/**
 * A card's next free starts (DESIGN section 10: up to three, each booking in one tap). The times are
 * the business's wall clock, said once above the chips when the visitor's clock differs.
 */
export function NextFreeChips({ business }: { business: Business }) {
  const times = business.nextFreeTimes;
  if (!times) return null;
  const restaurant = business.businessType === 'restaurant';
  if (times.length === 0) return <p className="text-sm text-slate-500">No free {restaurant ? 'tables' : 'times'} in the next week.</p>;
  const today = todayIso(business.timeZone);
  const note = zoneNote(business.timeZone);
  const headingId = `next-free-${business.id}`;
  const shown = times.slice(0, 3);
  // Two services free at the same hour would read as the same chip twice: each chip then names its service.
  const services = new Set(shown.map((slot) => slot.serviceName));
  const oneService = !restaurant && services.size === 1 ? shown[0].serviceName : null;
  return (
    <div>
      <p id={headingId} className="text-xs text-slate-500">
        <span className="font-medium uppercase tracking-wide">{restaurant ? 'Next free tables' : 'Next free times'}</span>
        {oneService && <span> · {oneService}</span>}
        {note && <span> · {note}</span>}
      </p>
      <ul className="mt-1.5 grid grid-cols-3 gap-2" aria-labelledby={headingId}>
        {shown.map((slot) => {
          const day = chipDay(slot.date, today);
          const time = formatTime12h(slot.time);
          const namesService = !restaurant && !oneService;
          // The name holds the chip's visible words in their order (WCAG 2.5.3, label in name): a voice
          // user says what they see. When the service is shown it comes last, as on the chip.
          const name = namesService
            ? `Book at ${business.businessName}, ${day} ${time} ${slot.serviceName}`
            : `Book ${restaurant ? 'a table' : slot.serviceName} at ${business.businessName}, ${day} ${time}`;
          return (
            <li key={`${slot.serviceId}-${slot.date}-${slot.time}`}>
              <Link
                to={slotLink({ businessId: business.id, businessType: business.businessType, serviceId: slot.serviceId, date: slot.date, time: slot.time })}
                aria-label={name}
                title={restaurant ? undefined : slot.serviceName}
                data-testid="next-free-chip"
                className="flex min-h-11 flex-col items-center justify-center rounded-lg border border-brand-100 bg-brand-50 px-1 py-1.5 text-center leading-tight text-brand-700 transition-colors hover:border-brand-500 hover:bg-brand-100"
              >
                {/* The spaces (not drawn in the flex column) keep the words apart in the text the name is checked against. */}
                <span className="text-xs">{day}</span>{' '}
                <span className="text-sm font-semibold">{time}</span>
                {namesService && <>{' '}<span className="w-full truncate text-xs">{slot.serviceName}</span></>}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
