import { formatPhone } from '@contract/phone';
import type { Business } from '@contract/businesses';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { zoneName } from '@/lib/business-time';
import { formatCoordinates } from './coordinates';
import { HoursInForce } from './hours-in-force';

/** The business profile; read-only (SPEC section 6): the dashboard's Edit details action changes it. */
export function SettingsTab({ business }: { business: Business }) {
  const restaurant = business.businessType === 'restaurant';
  const rows: [string, ReactNode][] = [
    ['Name', business.businessName],
    ['Type', restaurant ? 'Restaurant' : 'Service business'],
    ['Category', business.category],
    ...(restaurant
      ? ([
          ['Cuisine', business.cuisineType],
          ['Price range', business.priceRange],
          ['Max party size', business.maxPartySize],
          ['Reservation duration', business.reservationDuration ? `${business.reservationDuration} minutes` : null],
          ['Seating capacity', business.seatingCapacity],
        ] as [string, ReactNode][])
      : []),
    ['Description', business.description],
    ['Address', business.address],
    // Where "Near me" measures from (latitude, longitude).
    ['Location', formatCoordinates(business.latitude, business.longitude)],
    ['Phone', business.phone ? formatPhone(business.phone) : ''],
    ['Email', business.email],
    ['Website', business.website],
    [restaurant ? 'Bookable hours (Time Slots)' : 'Bookable hours (Availability)', <HoursInForce key="hours" businessId={business.id} restaurant={restaurant} />],
    // Free text shown to customers; the slot list follows the hours above, not this.
    ['Opening hours description', business.operatingHours],
    // As people say it ("New York time (EST)"), the zone's own name kept for the exact one.
    ['Time zone', <span key="zone" title={business.timeZone}>{zoneName(business.timeZone)}</span>],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Business information</CardTitle>
        <CardDescription>
          How customers see your business. Change these details with Edit details above; change the bookable hours under {restaurant ? 'Time Slots' : 'Availability'}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr]">
              <dt className="text-sm font-medium text-slate-500">{label}</dt>
              <dd className="whitespace-pre-line break-words text-sm text-slate-900">{value === null || value === '' ? <span className="text-slate-500">Not set</span> : value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
