import { formatPhone } from '@contract/phone';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { Business } from '@contract/businesses';
import { Badge } from '@/components/ui/card';
import { RatingSummary } from '@/features/reviews';

export function BusinessHeader({ business }: { business: Business }) {
  return (
    // Compact on a phone: the booking steps, not the shop's details, should fill the first screen.
    <header className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:mb-6 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{business.businessName}</h1>
        <Badge variant="secondary">{business.category}</Badge>
        {/* From the small breakpoint up: on a phone the header stays compact and the Reviews section below says it. */}
        <a href="#reviews-heading" className="hidden rounded hover:underline sm:inline">
          <RatingSummary average={business.ratingAverage} count={business.ratingCount} />
        </a>
      </div>
      {business.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600 sm:mt-2 sm:line-clamp-none sm:text-base">{business.description}</p>}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 sm:mt-3 sm:gap-x-5">
        {business.address && (
          <li className="flex items-center gap-1.5">
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {business.address}
          </li>
        )}
        {business.phone && (
          <li className="flex items-center gap-1.5">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {formatPhone(business.phone)}
          </li>
        )}
        {business.email && (
          <li className="flex items-center gap-1.5 break-all">
            <Mail className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {business.email}
          </li>
        )}
      </ul>
    </header>
  );
}
