import { Mail, MapPin, Phone } from 'lucide-react';
import type { Business } from '@contract/businesses';
import { Badge } from '@/components/ui/card';

export function BusinessHeader({ business }: { business: Business }) {
  return (
    <header className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{business.businessName}</h1>
        <Badge variant="secondary">{business.category}</Badge>
      </div>
      {business.description && <p className="mt-2 text-slate-600">{business.description}</p>}
      <ul className="mt-3 flex flex-col gap-1.5 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-5">
        {business.address && (
          <li className="flex items-center gap-1.5">
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {business.address}
          </li>
        )}
        {business.phone && (
          <li className="flex items-center gap-1.5">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {business.phone}
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
